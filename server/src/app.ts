import { API_V2_PATH } from '@engage/contract'
import { Hono } from 'hono'
import { bodyLimit } from 'hono/body-limit'
import { createAppPaymentGateways } from './domain/payments'
import type { AppDeps, AppEnv } from './http/env'
import { handleError, handleNotFound, HttpError, REQUEST_BODY_TOO_LARGE } from './http/errors'
import { idempotent } from './http/idempotency'
import { createLiveHub } from './live/hub'
import { rejectControlCharacters } from './http/input-guard'
import { answerHeaders } from './http/security'
import type { Metrics } from './ops/metrics'
import { requestLog } from './ops/request-log'
import { adminRoutes } from './routes/admin'
import { aiRoutes } from './routes/ai'
import { apiKeyRoutes } from './routes/api-keys'
import { authRoutes } from './routes/auth'
import { twoFactorRoutes } from './routes/two-factor'
import { clientErrorRoutes } from './routes/client-errors'
import { docsRoutes } from './routes/docs'
import { liveEventRoutes } from './routes/events'
import { googleRoutes } from './routes/google'
import { referralLinkRoutes } from './routes/referral-link'
import { affiliateRoutes } from './routes/affiliates'
import { orderRoutes } from './routes/orders'
import { paymentRoutes } from './routes/payments'
import { sandboxRoutes } from './routes/sandbox'
import { serviceRoutes } from './routes/services'
import { notificationRoutes } from './routes/notifications'
import { userRoutes } from './routes/user'
import { supportRoutes } from './routes/support'
import { v2Routes } from './routes/v2'
import { walletRoutes } from './routes/wallet'
import { analyticsRoutes } from './routes/analytics'
import { widgetRoutes } from './routes/widget'
import { workspaceRoutes } from './routes/workspaces'

export type { AppDeps, AppEnv } from './http/env'

/** JSON bodies above this are refused with 413 before they are read whole. */
export const MAX_BODY_BYTES = 1024 * 1024

/**
 * Builds the API from its dependencies; main.ts serves it (with `served`), tests call `app.request()`.
 * Each area is one sub-app in routes/, mounted under /api; its JSON routes come from the contract's registry
 * (http/register-route.ts), so the order of the mounts below carries no meaning.
 */
export function createApp(callerDeps: AppDeps, served?: { metrics: Metrics }) {
  // Payment gateways come from config.payments unless the caller brings its own (tests point them at fakes).
  const payments = callerDeps.adapters?.payments ?? createAppPaymentGateways(callerDeps.db, callerDeps.config)
  const live = callerDeps.live ?? createLiveHub({ db: callerDeps.db })
  const deps: AppDeps = { ...callerDeps, adapters: { ...callerDeps.adapters, payments }, live }
  const app = new Hono<AppEnv>()
  app.onError(handleError)
  app.notFound(handleNotFound)
  // A served process (main.ts) logs one JSON line per request and measures it; tests calling the API leave it out.
  if (served)
    app.use(requestLog({ logger: deps.logger, trustProxy: deps.config.trustProxy, metrics: served.metrics }))
  app.use(answerHeaders())
  app.use(async (c, next) => {
    c.set('deps', deps)
    await next()
  })
  app.use(rejectControlCharacters())
  const limitStreamedBody = bodyLimit({
    maxSize: MAX_BODY_BYTES,
    onError: () => {
      // The connection closes after the answer: the rest of the upload is not read, and a client that is
      // still sending learns from this header not to reuse the socket.
      throw new HttpError(413, REQUEST_BODY_TOO_LARGE, { headers: { Connection: 'close' } })
    },
  })
  app.use('/api/*', (c, next) => {
    // A declared length is judged from the headers alone, and a GET that declares no body passes: opening the
    // body stream to find it empty would build a whole web Request for every read. A chunked upload, or a
    // request made in the process without either header, is counted as it is read.
    const length = c.req.header('content-length')
    if (length !== undefined && c.req.header('transfer-encoding') === undefined) {
      if (Number(length) > MAX_BODY_BYTES) {
        throw new HttpError(413, REQUEST_BODY_TOO_LARGE, { headers: { Connection: 'close' } })
      }
      return next()
    }
    if (length === undefined && (c.req.method === 'GET' || c.req.method === 'HEAD')) return next()
    return limitStreamedBody(c, next)
  })

  for (const path of [
    '/api/orders/create',
    '/api/orders/mass',
    '/api/orders/subscription',
    '/api/payments/:provider/create',
    // The console's create dialogs send one key per opened dialog: a second click, or a retry after a lost
    // answer, gets the entry the first one made instead of a duplicate.
    '/api/admin/updates',
    '/api/admin/contact-methods',
  ]) {
    app.use(path, idempotent)
  }

  app.route('/api', authRoutes)
  app.route('/api', twoFactorRoutes)
  app.route('/api', googleRoutes)
  app.route('/api', docsRoutes)
  app.route('/api', serviceRoutes)
  app.route('/api', orderRoutes)
  app.route('/api', paymentRoutes)
  app.route('/api', aiRoutes)
  app.route('/api', walletRoutes)
  app.route('/api', affiliateRoutes)
  app.route('/api', analyticsRoutes)
  app.route('/api', apiKeyRoutes)
  app.route('/api', notificationRoutes)
  app.route('/api', userRoutes)
  app.route('/api', supportRoutes)
  app.route('/api', workspaceRoutes)
  app.route('/api', adminRoutes)
  app.route('/api', clientErrorRoutes())
  app.route('/api', liveEventRoutes(live))
  // The SMM panel API v2 for customers' scripts and reseller panels (key in the body, answers as panels do).
  // No other /api route starts with /v2, so the mount takes no path from them.
  app.route(API_V2_PATH, v2Routes)
  app.route(`${API_V2_PATH}/`, v2Routes)
  // The sandbox gateway's checkout pages: opened by browsers, outside the JSON API.
  app.route('/sandbox', sandboxRoutes)
  // The order widget for partner sites: its loader, bundle and demo page (routes/widget.ts).
  app.route('/widget', widgetRoutes())
  // Customers' referral links: count the visit, remember the code, open the sign-up form.
  app.route('/r', referralLinkRoutes)
  return app
}

export type App = ReturnType<typeof createApp>
