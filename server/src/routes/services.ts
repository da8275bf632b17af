import { per1kMicrosToUnitRateUsd, microsToUsd, serviceDisplayName } from '@engage/contract'
import { type Context, Hono } from 'hono'
import { cors } from 'hono/cors'
import { serviceCatalogue } from '../domain/services'
import { registerRoute } from '../http/register-route'
import type { AppEnv } from '../http/env'

// GET /api/get-services (public): service name → price per unit in USD, what the landing page, the widget and
// the order forms price with. GET /api/services (public): the same services with their limits, for screens
// that check a quantity against a service's own minimum and maximum.
// Both are read by the order widget on partner sites, so they answer CORS: for the partner origins in
// WIDGET_ORIGINS, or for any origin ('*') when none are configured. No other API route does.

/** Browsers and proxies may reuse the list briefly; after that a conditional request costs a 304. */
const CACHE_CONTROL = 'public, max-age=30'

/** True when an If-None-Match header lists this ETag (or '*'); weak and strong forms compare equal. */
function matchesEtag(header: string | undefined, etag: string): boolean {
  if (!header) return false
  return header.split(',').some((candidate) => {
    const value = candidate.trim().replace(/^W\//, '')
    return value === '*' || value === etag
  })
}

/** CORS for the public service lists: the configured partner origins, or any origin when none are set. */
const widgetCors = cors({
  origin: (origin, c) => {
    const allowed = (c as Context<AppEnv>).var.deps.config.widgetOrigins
    if (allowed.length === 0) return '*'
    return allowed.some((entry) => entry.replace(/\/+$/, '') === origin) ? origin : null
  },
  allowMethods: ['GET'],
  maxAge: 600,
})

export const serviceRoutes = new Hono<AppEnv>()
serviceRoutes.use('/get-services', widgetCors)
serviceRoutes.use('/services', widgetCors)

registerRoute(serviceRoutes, 'getServices', async (c) => {
  const catalogue = await serviceCatalogue(c.var.deps.db)
  const headers = { 'Cache-Control': CACHE_CONTROL, ETag: catalogue.pricesEtag }
  if (matchesEtag(c.req.header('If-None-Match'), catalogue.pricesEtag)) return c.body(null, 304, headers)
  return c.body(catalogue.pricesJson, 200, { ...headers, 'Content-Type': 'application/json' })
})

registerRoute(serviceRoutes, 'listServices', async (c) => {
  const { services } = await serviceCatalogue(c.var.deps.db)
  c.header('Cache-Control', CACHE_CONTROL)
  return c.json(
    services.map((service) => ({
      id: String(service.id),
      name: service.name,
      displayName: serviceDisplayName(service.name),
      /** USD per unit, as GET /api/get-services. */
      rate: per1kMicrosToUnitRateUsd(service.rate_per_1k),
      /** USD per 1,000 units, as the pricing grid shows it. */
      ratePer1k: microsToUsd(service.rate_per_1k),
      minQuantity: service.min_quantity,
      maxQuantity: service.max_quantity,
      isAi: service.is_ai === 1,
    })),
  )
})
