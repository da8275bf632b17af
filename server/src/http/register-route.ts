import {
  adminEndpoints,
  type AnyEndpointName,
  type EndpointDefinition,
  type EndpointParsedParams,
  type EndpointParsedQuery,
  type EndpointParsedRequest,
} from '@engage/contract'
import { endpoints } from '@engage/contract/all-endpoints'
import { zValidator } from '@hono/zod-validator'
import type { Context, Hono, MiddlewareHandler } from 'hono'
import { authenticateReading, requireAuth, requireRole, requireWorkspaceRole, type SessionRead } from './auth'
import type { SessionCheckRow } from '../domain/sessions'
import type { AppEnv } from './env'
import { HttpError } from './errors'
import { validate } from './validate'

// Every JSON endpoint is declared once, in the contract's registry (method, path, schemas, auth, operator role or
// workspace role). A route file only pairs a registry name with its handler: the path, the authentication, the
// role guards and the validation of path, query and body all come from the entry, so the router, the OpenAPI
// document and the client cannot drift apart.

/** Both registries by name: customer calls and operator calls. */
const registry: Readonly<Record<AnyEndpointName, EndpointDefinition>> = { ...endpoints, ...adminEndpoints }

/** The sub-apps are mounted under this prefix, which the registry's paths carry. */
const API_PREFIX = '/api'

/** What a handler receives, parsed by the entry's schemas (defaults filled, values normalised). */
export interface RouteInput<Name extends AnyEndpointName> {
  params: EndpointParsedParams<Name>
  query: EndpointParsedQuery<Name>
  body: EndpointParsedRequest<Name>
}

export type RouteHandler<Name extends AnyEndpointName> = (
  c: Context<AppEnv>,
  input: RouteInput<Name>,
) => Response | Promise<Response>

/** The registry's '/api/orders/{id}/cancel' as the router's '/orders/:id/cancel' (relative to the mount). */
export function routerPath(path: string): string {
  if (!path.startsWith(`${API_PREFIX}/`)) throw new Error(`Registry path outside ${API_PREFIX}: ${path}`)
  return path.slice(API_PREFIX.length).replace(/\{(\w+)\}/g, ':$1')
}

/**
 * A path that names nothing is not found: a path parameter its schema refuses answers 404 with the schema's
 * message (an unknown payment provider reads 'Unknown payment provider'), as a well-formed id of a missing
 * row does.
 */
function validatePath(schema: NonNullable<EndpointDefinition['params']>) {
  return zValidator('param', schema, (result) => {
    if (!result.success) throw new HttpError(404, result.error.issues[0]?.message ?? 'Not found')
  })
}

export interface RouteOptions {
  /**
   * For a signed-in page read on every request: the statement that checks the session and reads the page in
   * one round trip (`authenticateReading`); the handler finds its row in `c.get('sessionRow')`.
   */
  sessionRead?: SessionRead<SessionCheckRow>
}

/** Registers the registry entry `name` on `app` with `handler`. */
export function registerRoute<Name extends AnyEndpointName>(
  app: Hono<AppEnv>,
  name: Name,
  handler: RouteHandler<Name>,
  options: RouteOptions = {},
): void {
  const entry = registry[name]
  const chain: MiddlewareHandler<AppEnv>[] = []
  if (entry.auth) chain.push(options.sessionRead ? authenticateReading(options.sessionRead) : requireAuth)
  if (entry.role) chain.push(requireRole(entry.role))
  // A customer call that has not declared the workspace role it needs is held to the highest until it does.
  const workspaceRole = entry.auth && !entry.role ? (entry.workspaceRole ?? 'owner') : 'person'
  if (workspaceRole !== 'person') chain.push(requireWorkspaceRole(workspaceRole))
  if (entry.params) chain.push(validatePath(entry.params) as unknown as MiddlewareHandler<AppEnv>)
  if (entry.query) chain.push(validate('query', entry.query) as unknown as MiddlewareHandler<AppEnv>)
  if (entry.request) chain.push(validate('json', entry.request) as unknown as MiddlewareHandler<AppEnv>)
  // The validators above store what they parsed; read back by target name, untyped in Hono's eyes.
  const valid = (c: Context<AppEnv>, target: 'param' | 'query' | 'json', present: boolean): never =>
    (present ? (c.req.valid as (target: string) => unknown)(target) : undefined) as never
  app.on(entry.method, [routerPath(entry.path)], ...chain, (c: Context<AppEnv>) =>
    handler(c, {
      params: valid(c, 'param', entry.params !== undefined),
      query: valid(c, 'query', entry.query !== undefined),
      body: valid(c, 'json', entry.request !== undefined),
    }),
  )
}
