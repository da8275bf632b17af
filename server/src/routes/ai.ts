import { type ErrorHandler, Hono } from 'hono'
import type { ContentfulStatusCode } from 'hono/utils/http-status'
import { AiProviderError, fetchModels, generatePreview } from '../adapters/ai'
import { previewApiKey, settingFromFields } from '../domain/ai-generation'
import { registerRoute } from '../http/register-route'
import type { AppEnv } from '../http/env'
import { handleError, HttpError } from '../http/errors'
import { addressSubject, AI_PREVIEW_RATE_LIMIT, limitAttempt } from '../http/rate-limit'

// POST /api/orders/fetch-models and POST /api/ai/preview (the AI settings dialog's 'Generate
// preview'). Both call the customer's AI provider while the request waits. Keys come in request bodies
// and are never logged or answered: the adapters remove them from every error message before it is built.
// A preview the operator's default key would pay for is rate-limited per customer and per address
// (AI_PREVIEW_RATE_LIMIT); with a key of the customer's own it is not.

/** What a preview is written about when the dialog gives no link. */
export const PREVIEW_SAMPLE_LINK = 'https://example.com/posts/1'

/**
 * A provider failure answers `{ detail }` with the adapter's status: 422 when the provider refused what the
 * customer gave (a wrong key, an unknown model), 502 when it failed or timed out. The detail is the adapter's
 * message ('Failed to fetch models: ...', 'Failed to generate texts: ...'), keys already removed.
 */
export const handleAiErrors: ErrorHandler<AppEnv> = (error, c) => {
  if (error instanceof AiProviderError) {
    c.get('deps').logger.warn('AI provider call failed', {
      provider: error.provider,
      operation: error.operation,
      upstreamStatus: error.upstreamStatus,
      detail: error.message,
    })
    return handleError(new HttpError(error.httpStatus as ContentfulStatusCode, error.message), c)
  }
  return handleError(error, c)
}

export const aiRoutes = new Hono<AppEnv>()
// Set before the routes: a mounted sub-app keeps the error handler it had when app.route() took it.
aiRoutes.onError(handleAiErrors)

registerRoute(aiRoutes, 'fetchModels', async (c, { body }) => {
  const { provider, api_key: apiKey } = body
  const { ai } = c.get('deps').config
  const models = await fetchModels({ provider, apiKey, config: ai, timeoutMs: ai.modelsTimeoutMs })
  return c.json({ models })
})

registerRoute(aiRoutes, 'aiPreview', async (c, { body }) => {
  const { target_url: targetUrl, service_type: serviceType, ...fields } = body
  const { db, config } = c.get('deps')
  const apiKey = await previewApiKey(db, {
    userId: c.get('workspace').accountId,
    setting: fields,
    dataKey: config.dataKey,
  })
  if (apiKey === '' && config.ai.defaultApiKeys[fields.provider]) {
    await limitAttempt(c, 'ai-preview', [
      { subject: `user:${String(c.get('user').id)}`, limit: AI_PREVIEW_RATE_LIMIT.perUser },
      { subject: addressSubject(c), limit: AI_PREVIEW_RATE_LIMIT.perIp },
    ])
  }
  const { text } = await generatePreview({
    setting: settingFromFields(fields),
    targetUrl: targetUrl ?? PREVIEW_SAMPLE_LINK,
    serviceType,
    apiKey,
    config: config.ai,
    timeoutMs: config.ai.generationTimeoutMs,
  })
  return c.json({ text })
})
