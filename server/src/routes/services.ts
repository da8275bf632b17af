import { per1kMicrosToUnitRateUsd, microsToUsd, serviceDisplayName } from '@engage/contract'
import { type Context, Hono, type MiddlewareHandler } from 'hono'
import { cors } from 'hono/cors'
import { listContactMethods } from '../domain/panel-content'
import { listCatalogue } from '../domain/service-catalogue'
import { serviceCatalogue } from '../domain/services'
import { registerRoute } from '../http/register-route'
import { setRouteHeader, withAnswerHeader } from '../http/security'
import type { AppEnv } from '../http/env'

// GET /api/get-services (public): service name → price per unit in USD, what the landing page, the widget and
// the order forms price with. GET /api/services (public): the same services with their limits, for screens
// that check a quantity against a service's own minimum and maximum. GET /api/contact-methods (public): the
// Contact Us methods, the one source of the addresses and hours every page names.
// Both are read by the order widget on partner sites, so they answer CORS: for the partner origins in
// WIDGET_ORIGINS, or for any origin ('*') when none are configured. No other API route does.

/**
 * Browsers may reuse the list for 30 s and a CDN in front of the server for a minute, and the CDN may answer
 * from its copy for 30 s more while it revalidates; a revalidation costs a 304. Orders never price from this
 * list, so a copy a little old only shows a price a little old.
 */
const CACHE_CONTROL = 'public, max-age=30, s-maxage=60, stale-while-revalidate=30'

/** True when an If-None-Match header lists this ETag (or '*'); weak and strong forms compare equal. */
function matchesEtag(header: string | undefined, etag: string): boolean {
  if (!header) return false
  return header.split(',').some((candidate) => {
    const value = candidate.trim().replace(/^W\//, '')
    return value === '*' || value === etag
  })
}

/** The partner origins allowed to read the lists: '*' when none are configured, else the caller's own if listed. */
function allowedOrigin(origin: string, c: Context<AppEnv>): string | null {
  const allowed = c.get('deps').config.widgetOrigins
  if (allowed.length === 0) return '*'
  return allowed.some((entry) => entry.replace(/\/+$/, '') === origin) ? origin : null
}

/** Preflights (OPTIONS) for the public service lists. */
const widgetPreflight = cors({
  origin: (origin, c) => allowedOrigin(origin, c as Context<AppEnv>),
  allowMethods: ['GET'],
  maxAge: 600,
})

/**
 * CORS for the public service lists. A GET gets the same headers the preflight middleware would give it, but
 * set before the answer exists: set afterwards, they make Hono copy the finished answer into a new web
 * Response, which costs more than building the list did.
 */
const widgetCors: MiddlewareHandler<AppEnv> = async (c, next) => {
  if (c.req.method === 'OPTIONS') return widgetPreflight(c, next)
  const origin = allowedOrigin(c.req.header('origin') ?? '', c)
  if (origin !== null) setRouteHeader(c, 'Access-Control-Allow-Origin', origin)
  return withAnswerHeader(c, 'Vary', 'Origin', next, true)
}

export const serviceRoutes = new Hono<AppEnv>()
serviceRoutes.use('/get-services', widgetCors)
serviceRoutes.use('/services', widgetCors)

registerRoute(serviceRoutes, 'getServices', async (c) => {
  const catalogue = await serviceCatalogue(c.get('deps').db)
  setRouteHeader(c, 'Cache-Control', CACHE_CONTROL)
  setRouteHeader(c, 'ETag', catalogue.pricesEtag)
  if (matchesEtag(c.req.header('If-None-Match'), catalogue.pricesEtag)) return c.body(null, 304)
  return c.body(catalogue.pricesJson, 200, { 'Content-Type': 'application/json' })
})

registerRoute(serviceRoutes, 'listServices', async (c) => {
  const { services } = await serviceCatalogue(c.get('deps').db)
  setRouteHeader(c, 'Cache-Control', CACHE_CONTROL)
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

registerRoute(serviceRoutes, 'listContactMethods', async (c) => {
  setRouteHeader(c, 'Cache-Control', CACHE_CONTROL)
  return c.json(await listContactMethods(c.get('deps').db), 200)
})

// The services catalogue, public like the price list (the /services page is shown signed out too).
registerRoute(serviceRoutes, 'serviceCatalogue', async (c) => {
  const services = await listCatalogue(c.get('deps').db, c.get('deps').clock.now())
  setRouteHeader(c, 'Cache-Control', CACHE_CONTROL)
  return c.json({ services })
})
