import { PAYMENT_NOT_FOUND } from '@engage/contract'
import type { Hono } from 'hono'
import { parseRowId } from '../../domain/admin/common'
import { listAdminPayments, recheckPayment } from '../../domain/admin/payments'
import { registerRoute } from '../../http/register-route'
import type { AppEnv } from '../../http/env'
import { actorOf } from './context'

// The console's deposits and their re-check against the gateway.

export function registerPaymentsRoutes(app: Hono<AppEnv>): void {
  registerRoute(app, 'adminListPayments', async (c, { query }) => {
    return c.json(await listAdminPayments(c.get('deps').db, query))
  })

  registerRoute(app, 'adminRecheckPayment', async (c, { params, body }) => {
    const { db, adapters, clock } = c.get('deps')
    const id = parseRowId(params.id, PAYMENT_NOT_FOUND)
    return c.json(
      await recheckPayment(db, adapters?.payments, actorOf(c), id, body.reason, () => clock.now()),
    )
  })
}
