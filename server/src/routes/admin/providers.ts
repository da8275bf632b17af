import { PROVIDER_NOT_FOUND } from '@engage/contract'
import type { Hono } from 'hono'
import { parseRowId } from '../../domain/admin/common'
import {
  applyProviderMargin,
  createProvider,
  importAdminProviderServices,
  listAdminProviders,
  listAdminProviderServices,
  providerBalance,
  updateProvider,
} from '../../domain/admin/providers'
import { deleteProvider } from '../../domain/admin/provider-lifecycle'
import { registerRoute } from '../../http/register-route'
import type { AppEnv } from '../../http/env'
import { actorOf, now } from './context'

// The console's upstream providers: their keys, balances, catalogues and margins.

export function registerProvidersRoutes(app: Hono<AppEnv>): void {
  registerRoute(app, 'adminListProviders', async (c) => {
    return c.json({ providers: await listAdminProviders(c.get('deps').db, c.get('deps').config.dataKey) })
  })

  registerRoute(app, 'adminCreateProvider', async (c, { body }) => {
    const { db, config } = c.get('deps')
    return c.json(await createProvider(db, config.dataKey, actorOf(c), body, now(c)), 201)
  })

  registerRoute(app, 'adminUpdateProvider', async (c, { params, body }) => {
    const { db, config } = c.get('deps')
    const id = parseRowId(params.id, PROVIDER_NOT_FOUND)
    return c.json(await updateProvider(db, config.dataKey, actorOf(c), id, body, now(c)))
  })

  registerRoute(app, 'adminDeleteProvider', async (c, { params, query }) => {
    const id = parseRowId(params.id, PROVIDER_NOT_FOUND)
    return c.json({ message: await deleteProvider(c.get('deps').db, actorOf(c), id, query.reason, now(c)) })
  })

  registerRoute(app, 'adminProviderBalance', async (c, { params }) => {
    const { db, config } = c.get('deps')
    const id = parseRowId(params.id, PROVIDER_NOT_FOUND)
    return c.json(await providerBalance(db, config.dataKey, id, now(c)))
  })

  registerRoute(app, 'adminProviderServices', async (c, { params }) => {
    const id = parseRowId(params.id, PROVIDER_NOT_FOUND)
    return c.json({ services: await listAdminProviderServices(c.get('deps').db, id) })
  })

  registerRoute(app, 'adminImportProviderServices', async (c, { params, body }) => {
    const { db, config } = c.get('deps')
    const id = parseRowId(params.id, PROVIDER_NOT_FOUND)
    const services = await importAdminProviderServices(
      db,
      config.dataKey,
      actorOf(c),
      id,
      body.reason,
      now(c),
    )
    return c.json({ services })
  })

  registerRoute(app, 'adminProviderMargin', async (c, { params, body }) => {
    const { db, config } = c.get('deps')
    const id = parseRowId(params.id, PROVIDER_NOT_FOUND)
    return c.json(
      await applyProviderMargin(
        db,
        config.dataKey,
        actorOf(c),
        id,
        { marginPercent: body.margin_percent, reason: body.reason },
        now(c),
      ),
    )
  })
}
