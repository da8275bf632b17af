import { Hono } from 'hono'
import { affiliateSummary } from '../domain/affiliates'
import { registerRoute } from '../http/register-route'
import type { AppEnv } from '../http/env'

// GET /api/affiliates: the signed-in customer's referral link, its visits and sign-ups, and their commissions.

export const affiliateRoutes = new Hono<AppEnv>()

registerRoute(affiliateRoutes, 'getAffiliates', async (c) => {
  const { db, config, clock } = c.get('deps')
  return c.json(await affiliateSummary(db, c.get('user').id, config.publicUrl, clock.now()))
})
