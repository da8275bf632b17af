import type { Hono } from 'hono'
import { adminAffiliateSettings, updateAffiliateSettings } from '../../domain/admin/affiliates'
import { registerRoute } from '../../http/register-route'
import type { AppEnv } from '../../http/env'
import { actorOf, now } from './context'

// The console's affiliate settings: the commission rate and the hold.

export function registerAffiliateRoutes(app: Hono<AppEnv>): void {
  registerRoute(app, 'adminAffiliateSettings', async (c) => {
    return c.json(await adminAffiliateSettings(c.get('deps').db))
  })

  registerRoute(app, 'adminUpdateAffiliateSettings', async (c, { body }) => {
    return c.json(await updateAffiliateSettings(c.get('deps').db, actorOf(c), body, now(c)))
  })
}
