import { adminEndpoints, type EndpointDefinition, schemaRegistry } from '@engage/contract'
import { endpoints } from '@engage/contract/all-endpoints'
import * as z from 'zod'

// The OpenAPI 3.1 document of the JSON API, generated from the contract's endpoint registry with zod's own
// JSON Schema output (OpenAPI 3.1 schemas are JSON Schema 2020-12). Nothing here is written by hand per
// endpoint: a registry entry is documented as soon as it exists.

type JsonSchema = Record<string, unknown>

export interface OpenApiDocument {
  openapi: '3.1.0'
  info: { title: string; version: string; description: string }
  paths: Record<string, Record<string, JsonSchema>>
  components: { schemas: Record<string, JsonSchema>; securitySchemes: Record<string, JsonSchema> }
}

const API_VERSION = '1.0.0'

/** Rewrites zod's local `#/$defs/X` references to the document's `#/components/schemas/X`. */
function retarget(value: unknown, rename: (id: string) => string): unknown {
  if (Array.isArray(value)) return value.map((item) => retarget(item, rename))
  if (value === null || typeof value !== 'object') return value
  const result: JsonSchema = {}
  for (const [key, child] of Object.entries(value)) {
    if (key === '$ref' && typeof child === 'string' && child.startsWith('#/$defs/')) {
      result[key] = `#/components/schemas/${rename(child.slice('#/$defs/'.length))}`
    } else {
      result[key] = retarget(child, rename)
    }
  }
  return result
}

/**
 * One schema as JSON Schema, its shared parts (the contract's schemaRegistry: Order, AiSetting, ...) hoisted
 * into `components`. Requests are described as clients send them (io 'input'), answers as the server sends
 * them (io 'output'); a shared schema whose input form differs is stored a second time as `<Name>Input`.
 */
function toSchema(
  schema: z.ZodType,
  io: 'input' | 'output',
  components: Record<string, JsonSchema>,
): JsonSchema {
  const converted = z.toJSONSchema(schema, {
    metadata: schemaRegistry,
    io,
    unrepresentable: 'any',
  }) as JsonSchema
  const {
    $defs,
    $schema: _dialect,
    ...root
  } = converted as JsonSchema & { $defs?: Record<string, JsonSchema> }
  const names = new Map<string, string>()
  const rename = (id: string) => names.get(id) ?? id
  for (const [id, definition] of Object.entries($defs ?? {})) {
    const existing = components[id]
    const name =
      existing === undefined || JSON.stringify(existing) === JSON.stringify(definition) ? id : `${id}Input`
    names.set(id, name)
  }
  for (const [id, definition] of Object.entries($defs ?? {})) {
    components[rename(id)] = retarget(definition, rename) as JsonSchema
  }
  return retarget(root, rename) as JsonSchema
}

function parametersOf(
  schema: z.ZodType | undefined,
  location: 'path' | 'query',
  components: Record<string, JsonSchema>,
): JsonSchema[] {
  if (!schema) return []
  const converted = toSchema(schema, 'input', components)
  const properties = (converted.properties ?? {}) as Record<string, JsonSchema>
  const required = new Set((converted.required ?? []) as string[])
  return Object.entries(properties).map(([name, property]) => ({
    name,
    in: location,
    required: location === 'path' || required.has(name),
    schema: property,
  }))
}

const errorResponse = (description: string) => ({
  description,
  content: { 'application/json': { schema: { $ref: '#/components/schemas/ErrorResponse' } } },
})

function operation(
  name: string,
  endpoint: EndpointDefinition,
  components: Record<string, JsonSchema>,
): JsonSchema {
  const responses: Record<string, JsonSchema> = {
    '200': {
      description: 'Success',
      content: {
        [endpoint.responseContentType ?? 'application/json']: {
          schema: toSchema(endpoint.response, 'output', components),
        },
      },
      ...(endpoint.responseHeaders
        ? {
            headers: Object.fromEntries(
              Object.entries(endpoint.responseHeaders).map(([header, description]) => [
                header,
                { description, schema: { type: 'string' } },
              ]),
            ),
          }
        : {}),
    },
  }
  if (endpoint.auth) responses['401'] = errorResponse('Missing, invalid or expired bearer token')
  if (endpoint.request || endpoint.query || endpoint.params) {
    responses['422'] = errorResponse(
      'Invalid input: `detail` names the field and the rule; `field` holds its path',
    )
  }
  responses.default = errorResponse('Any other refusal or failure, as `{ "detail": "..." }`')
  const parameters = [
    ...parametersOf(endpoint.params, 'path', components),
    ...parametersOf(endpoint.query, 'query', components),
  ]
  return {
    operationId: name,
    summary: endpoint.summary,
    security: endpoint.auth ? [{ bearerAuth: [] }] : [],
    ...(parameters.length > 0 ? { parameters } : {}),
    ...(endpoint.request
      ? {
          requestBody: {
            required: true,
            content: { 'application/json': { schema: toSchema(endpoint.request, 'input', components) } },
          },
        }
      : {}),
    responses,
  }
}

/** Customer and operator calls: the document describes the whole API. */
const wholeApi: Readonly<Record<string, EndpointDefinition>> = { ...endpoints, ...adminEndpoints }

export function buildOpenApiDocument(
  registry: Readonly<Record<string, EndpointDefinition>> = wholeApi,
): OpenApiDocument {
  const components: Record<string, JsonSchema> = {}
  const paths: OpenApiDocument['paths'] = {}
  for (const [name, endpoint] of Object.entries(registry)) {
    const methods = (paths[endpoint.path] ??= {})
    methods[endpoint.method.toLowerCase()] = operation(name, endpoint, components)
  }
  components.ErrorResponse = {
    type: 'object',
    properties: { detail: { type: 'string' }, field: { type: 'string' } },
    required: ['detail'],
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'Engage Panel API',
      version: API_VERSION,
      description:
        'The API of the Engage Panel. Authenticated calls send the header Authorization: Bearer <token>, with ' +
        'the token from /api/signin or /api/signup. Money is in USD. Every error answers JSON { "detail": "..." }.',
    },
    paths,
    components: {
      schemas: components,
      securitySchemes: { bearerAuth: { type: 'http', scheme: 'bearer' } },
    },
  }
}
