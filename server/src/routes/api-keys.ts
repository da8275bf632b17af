import { CreateApiKeyRequest, IdParam } from '@engage/contract'
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
import type { AppEnv } from '../http/env'
import { handleError, HttpError } from '../http/errors'
import { validate } from '../http/validate'

// GET /api/user/api-keys, POST /api/user/api-keys, DELETE /api/user/api-keys/{id}: the keys of the SMM panel
// API v2 (routes/v2.ts), from the settings page's API tab. The whole key is in the creation answer only; the
// answers are never cached, since that one holds a secret.

export const apiKeyRoutes = new Hono<AppEnv>()
  // '/user/api-keys/*' matches '/user/api-keys' itself too.
  .use('/user/api-keys/*', requireAuth)
  .get('/user/api-keys', async (c) => {
    const rows = await listApiKeys(c.var.deps.db, c.var.user.id)
    return c.json(rows.map(toApiKeySummary))
  })
  .post('/user/api-keys', validate('json', CreateApiKeyRequest), async (c) => {
    const { key, row } = await createApiKey(c.var.deps.db, {
      userId: c.var.user.id,
      name: c.req.valid('json').name,
      now: c.var.deps.clock.now(),
    })
    c.header('Cache-Control', 'no-store')
    return c.json({ ...toApiKeySummary(row), key }, 201)
  })
  .delete('/user/api-keys/:id', validate('param', IdParam), async (c) => {
    const row = await revokeApiKey(c.var.deps.db, {
      userId: c.var.user.id,
      keyId: parseApiKeyId(c.req.valid('param').id),
      now: c.var.deps.clock.now(),
    })
    return c.json(toApiKeySummary(row))
  })
  .onError((error, c) =>
    handleError(error instanceof ApiKeyRefusal ? new HttpError(error.status, error.detail) : error, c),
  )
