import { Hono } from 'hono'
import { listTransactions } from '../domain/wallet'
import { registerRoute } from '../http/register-route'
import type { AppEnv } from '../http/env'
import { handleOrderErrors } from '../http/order-errors'

// GET /api/wallet/transactions?cursor=&limit=: the signed-in customer's deposits, order payments, refunds and
// adjustments, newest first, a page at a time ({ transactions, nextCursor }; nextCursor null on the last page).

export const walletRoutes = new Hono<AppEnv>()
// Set before the routes: a mounted sub-app keeps the error handler it had when app.route() took it.
walletRoutes.onError(handleOrderErrors)

registerRoute(walletRoutes, 'listTransactions', async (c, { query }) => {
  const { cursor, limit } = query
  return c.json(await listTransactions(c.get('deps').db, c.get('workspace').accountId, { cursor, limit }))
})

// An unknown cursor answers 422 naming the field, as the orders list does.
