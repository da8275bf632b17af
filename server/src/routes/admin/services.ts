import { SERVICE_NOT_FOUND } from '@engage/contract'
import type { Hono } from 'hono'
import { parseRowId } from '../../domain/admin/common'
import { createService, listAdminServices, updateService } from '../../domain/admin/services'
import { registerRoute } from '../../http/register-route'
import type { AppEnv } from '../../http/env'
import { actorOf, now } from './context'

// The console's services: the catalogue, with rates, limits and the provider mapping.

export function registerServicesRoutes(app: Hono<AppEnv>): void {
  registerRoute(app, 'adminListServices', async (c) => {
    return c.json({ services: await listAdminServices(c.get('deps').db) })
  })

  registerRoute(app, 'adminCreateService', async (c, { body }) => {
    return c.json(await createService(c.get('deps').db, actorOf(c), body, now(c)), 201)
  })

  registerRoute(app, 'adminUpdateService', async (c, { params, body }) => {
    const id = parseRowId(params.id, SERVICE_NOT_FOUND)
    return c.json(await updateService(c.get('deps').db, actorOf(c), id, body, now(c)))
  })
}
