import { CONTACT_METHOD_NOT_FOUND, UPDATE_NOT_FOUND } from '@engage/contract'
import type { Hono } from 'hono'
import { parseRowId } from '../../domain/admin/common'
import {
  createContactMethod,
  createUpdate,
  deleteContactMethod,
  deleteUpdate,
  editContactMethod,
  editUpdate,
  listAdminContactMethods,
  listAdminUpdates,
} from '../../domain/admin/content'
import { registerRoute } from '../../http/register-route'
import type { AppEnv } from '../../http/env'
import { actorOf, now } from './context'

// The console's routes for the updates and contact methods customers see.

export function registerContentRoutes(app: Hono<AppEnv>): void {
  registerRoute(app, 'adminListUpdates', async (c) => {
    return c.json({ updates: await listAdminUpdates(c.get('deps').db) })
  })

  registerRoute(app, 'adminCreateUpdate', async (c, { body }) => {
    return c.json(await createUpdate(c.get('deps').db, actorOf(c), body, now(c)), 201)
  })

  registerRoute(app, 'adminEditUpdate', async (c, { params, body }) => {
    const id = parseRowId(params.id, UPDATE_NOT_FOUND)
    return c.json(await editUpdate(c.get('deps').db, actorOf(c), id, body, now(c)))
  })

  registerRoute(app, 'adminDeleteUpdate', async (c, { params, query }) => {
    const id = parseRowId(params.id, UPDATE_NOT_FOUND)
    await deleteUpdate(c.get('deps').db, actorOf(c), id, query.reason, now(c))
    return c.json({ message: `Update ${String(id)} deleted` })
  })

  registerRoute(app, 'adminListContactMethods', async (c) => {
    return c.json({ contact_methods: await listAdminContactMethods(c.get('deps').db) })
  })

  registerRoute(app, 'adminCreateContactMethod', async (c, { body }) => {
    return c.json(await createContactMethod(c.get('deps').db, actorOf(c), body, now(c)), 201)
  })

  registerRoute(app, 'adminEditContactMethod', async (c, { params, body }) => {
    const id = parseRowId(params.id, CONTACT_METHOD_NOT_FOUND)
    return c.json(await editContactMethod(c.get('deps').db, actorOf(c), id, body, now(c)))
  })

  registerRoute(app, 'adminDeleteContactMethod', async (c, { params, query }) => {
    const id = parseRowId(params.id, CONTACT_METHOD_NOT_FOUND)
    await deleteContactMethod(c.get('deps').db, actorOf(c), id, query.reason, now(c))
    return c.json({ message: `Contact method ${String(id)} deleted` })
  })
}
