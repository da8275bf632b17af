import { ListTransactionsQuery } from '@engage/contract'
import { Hono } from 'hono'
import { listTransactions } from '../domain/wallet'
import { requireAuth } from '../http/auth'
import type { AppEnv } from '../http/env'
import { validate } from '../http/validate'
import { handleOrderErrors } from './orders'

// GET /api/wallet/transactions?cursor=&limit=: the signed-in customer's deposits, order payments, refunds and
// adjustments, newest first, a page at a time ({ transactions, nextCursor }; nextCursor null on the last page).

export const walletRoutes = new Hono<AppEnv>()
  .get('/wallet/transactions', requireAuth, validate('query', ListTransactionsQuery), async (c) => {
    const { cursor, limit } = c.req.valid('query')
    return c.json(await listTransactions(c.var.deps.db, c.var.user.id, { cursor, limit }))
  })
  // An unknown cursor answers 422 naming the field, as the orders list does.
  .onError(handleOrderErrors)
