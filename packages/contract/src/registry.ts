import * as z from 'zod'
import type { adminEndpoints, AdminEndpointName } from './adminEndpoints'
import type { EndpointName, endpoints } from './allEndpoints'
import * as schemas from './schemas'

// What the client, the server and the mocks need over both registries: the types of an endpoint's input and
// answer by name, the shared schemas' names for the OpenAPI document, and filling a path's parameters.

/** Every registry entry, customer (endpoints) and operator (adminEndpoints in adminEndpoints.ts), for the types. */
type Registry = typeof endpoints & typeof adminEndpoints
/** A name of either registry: the helper types below take both. */
export type AnyEndpointName = EndpointName | AdminEndpointName

/**
 * Names for the shared schemas, so z.toJSONSchema can emit them once under components/$defs:
 * `z.toJSONSchema(schema, { metadata: schemaRegistry })`. A registry of our own (not z.globalRegistry) so a
 * module reloaded by Vite's hot update does not trip the global registry's unique-id check.
 */
export const schemaRegistry = z.registry<{ id: string; description?: string }>()
for (const [id, schema] of Object.entries({
  Order: schemas.Order,
  AiSetting: schemas.AiSetting,
  Transaction: schemas.Transaction,
  Subscription: schemas.Subscription,
  Update: schemas.Update,
  ContactMethod: schemas.ContactMethod,
  CryptoMethod: schemas.CryptoMethod,
  ModelOption: schemas.ModelOption,
  ErrorResponse: schemas.ErrorResponse,
})) {
  schemaRegistry.add(schema, { id })
}

/** Fills an OpenAPI-style path: buildPath('/api/orders/{id}/cancel', { id: '42' }) → '/api/orders/42/cancel'. */
export function buildPath(path: string, params: Readonly<Record<string, string>> = {}): string {
  return path.replace(/\{(\w+)\}/g, (_match, name: string) => {
    const value = params[name]
    if (value === undefined) throw new Error(`Missing path parameter ${name} for ${path}`)
    return encodeURIComponent(value)
  })
}

/** The parsed (output) type of an endpoint's 200 answer. */
export type EndpointResponse<Name extends AnyEndpointName> = z.output<Registry[Name]['response']>

/** The JSON body an endpoint accepts, as a caller writes it (before defaults and normalisation). */
export type EndpointRequest<Name extends AnyEndpointName> = Registry[Name] extends {
  request: infer Schema extends z.ZodType
}
  ? z.input<Schema>
  : never

/** The JSON body after validation (defaults filled, AI settings normalised): what a handler works with. */
export type EndpointParsedRequest<Name extends AnyEndpointName> = Registry[Name] extends {
  request: infer Schema extends z.ZodType
}
  ? z.output<Schema>
  : never

/** The query parameters after validation (defaults filled). */
export type EndpointParsedQuery<Name extends AnyEndpointName> = Registry[Name] extends {
  query: infer Schema extends z.ZodType
}
  ? z.output<Schema>
  : never

/** The path parameters after validation. */
export type EndpointParsedParams<Name extends AnyEndpointName> = Registry[Name] extends {
  params: infer Schema extends z.ZodType
}
  ? z.output<Schema>
  : never
