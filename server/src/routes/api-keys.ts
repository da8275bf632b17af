import { Hono } from 'hono'
import {
  ApiKeyRefusal,
  createApiKey,
  listApiKeys,
  parseApiKeyId,
  revokeApiKey,
  toApiKeySummary,
} from '../domain/api-keys'
import { requireAuth } from '../http/auth'
import { registerRoute } from '../http/register-route'
import type { AppEnv } from '../http/env'
import { handleError, HttpError } from '../http/errors'

// GET /api/user/api-keys, POST /api/user/api-keys, DELETE /api/user/api-keys/{id}: the keys of the SMM panel
// API v2 (routes/v2.ts), from the settings page's API tab. The whole key is in the creation answer only; the
// answers are never cached, since that one holds a secret.

export const apiKeyRoutes = new Hono<AppEnv>()
// Set before the routes: a mounted sub-app keeps the error handler it had when app.route() took it.
apiKeyRoutes.onError((error, c) =>
  handleError(error instanceof ApiKeyRefusal ? new HttpError(error.status, error.detail) : error, c),
)
apiKeyRoutes.use('/user/api-keys/*', requireAuth)

registerRoute(apiKeyRoutes, 'listApiKeys', async (c) => {
  const rows = await listApiKeys(c.get('deps').db, c.get('workspace').accountId, c.get('user').id)
  return c.json(rows.map(toApiKeySummary))
})

registerRoute(apiKeyRoutes, 'createApiKey', async (c, { body }) => {
  const { key, row } = await createApiKey(c.get('deps').db, {
    userId: c.get('workspace').accountId,
    memberUserId: c.get('user').id,
    name: body.name,
    now: c.get('deps').clock.now(),
  })
  c.header('Cache-Control', 'no-store')
  return c.json({ ...toApiKeySummary(row), key }, 201)
})

registerRoute(apiKeyRoutes, 'revokeApiKey', async (c, { params }) => {
  const row = await revokeApiKey(c.get('deps').db, {
    userId: c.get('workspace').accountId,
    memberUserId: c.get('user').id,
    keyId: parseApiKeyId(params.id),
    now: c.get('deps').clock.now(),
  })
  return c.json(toApiKeySummary(row))
})
