import { Hono } from 'hono'
import { customerAnalytics, deliveryProgress } from '../domain/analytics/customer'
import { registerRoute } from '../http/register-route'
import type { AppEnv } from '../http/env'

// GET /api/analytics?from=&to=&granularity=: the spend, refunds, deposits and orders of the workspace's account
// per period of a range on the clock of the person asking; GET /api/analytics/delivery: its active orders'
// delivery progress now.

export const analyticsRoutes = new Hono<AppEnv>()

registerRoute(analyticsRoutes, 'analytics', async (c, { query }) => {
  return c.json(
    await customerAnalytics(c.get('deps').db, c.get('workspace').accountId, query, c.get('user').id),
  )
})

registerRoute(analyticsRoutes, 'analyticsDelivery', async (c) => {
  return c.json(await deliveryProgress(c.get('deps').db, c.get('workspace').accountId))
})
