import { adminEndpoints, type EndpointDefinition, endpoints, schemaRegistry } from '@engage/contract'
import { Hono } from 'hono'
import { html, raw } from 'hono/html'
import * as z from 'zod'
import type { AppEnv } from '../http/env'

// GET /api/openapi.json: an OpenAPI 3.1 document generated from the contract's endpoint registry with zod's
// own JSON Schema output (OpenAPI 3.1 schemas are JSON Schema 2020-12). GET /api/docs: the same document as a
// self-contained, accessible HTML page (no CDN is reachable from where the panel runs).

type JsonSchema = Record<string, unknown>

interface OpenApiDocument {
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
      content: { 'application/json': { schema: toSchema(endpoint.response, 'output', components) } },
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

// ---- The HTML page ---------------------------------------------------------------------------------------

function typeLabel(schema: JsonSchema | undefined): string {
  if (!schema) return 'any'
  if (typeof schema.$ref === 'string') return schema.$ref.split('/').at(-1) ?? 'object'
  if (Array.isArray(schema.enum)) return schema.enum.map((value) => JSON.stringify(value)).join(' | ')
  const type = schema.type
  if (type === 'array') return `array of ${typeLabel(schema.items as JsonSchema | undefined)}`
  if (Array.isArray(type)) return type.join(' | ')
  if (typeof type === 'string') return type
  for (const key of ['anyOf', 'oneOf'] as const) {
    const options = schema[key]
    if (Array.isArray(options)) return options.map((option) => typeLabel(option as JsonSchema)).join(' | ')
  }
  return 'any'
}

/** A schema with a top-level reference replaced by the component it names. */
function resolve(
  schema: JsonSchema | undefined,
  components: Record<string, JsonSchema>,
): JsonSchema | undefined {
  if (typeof schema?.$ref !== 'string') return schema
  return components[schema.$ref.split('/').at(-1) ?? ''] ?? schema
}

function fieldsTable(
  caption: string,
  schema: JsonSchema | undefined,
  components: Record<string, JsonSchema>,
) {
  if (!schema) return ''
  const target = resolve(
    schema.type === 'array' ? (schema.items as JsonSchema | undefined) : schema,
    components,
  )
  const properties = (target?.properties ?? {}) as Record<string, JsonSchema>
  const required = new Set((target?.required ?? []) as string[])
  const entries = Object.entries(properties)
  if (entries.length === 0) return html`<p><strong>${caption}:</strong> <code>${typeLabel(schema)}</code></p>`
  const prefix = schema.type === 'array' ? 'an array of objects with ' : ''
  return html`<table>
    <caption>
      ${caption}${prefix ? html` (${prefix}these fields)` : ''}
    </caption>
    <thead>
      <tr>
        <th scope="col">Field</th>
        <th scope="col">Type</th>
        <th scope="col">Required</th>
      </tr>
    </thead>
    <tbody>
      ${entries.map(
        ([field, property]) =>
          html`<tr>
            <th scope="row"><code>${field}</code></th>
            <td><code>${typeLabel(property)}</code></td>
            <td>${required.has(field) ? 'yes' : 'no'}</td>
          </tr>`,
      )}
    </tbody>
  </table>`
}

function renderDocsPage(document: OpenApiDocument) {
  const operations = Object.entries(document.paths).flatMap(([path, methods]) =>
    Object.entries(methods).map(([method, details]) => ({ path, method: method.toUpperCase(), details })),
  )
  const anchor = (operationId: unknown) => `op-${String(operationId)}`
  return html`<!doctype html>
    <html lang="en">
      <head>
        <meta charset="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <title>${document.info.title} documentation</title>
        <link rel="stylesheet" href="/api/docs.css" />
      </head>
      <body>
        <a class="skip" href="#endpoints">Skip to the endpoints</a>
        <header>
          <h1>${document.info.title}</h1>
          <p>Version ${document.info.version}. ${document.info.description}</p>
          <p>Machine-readable: <a href="/api/openapi.json">OpenAPI 3.1 document (/api/openapi.json)</a>.</p>
        </header>
        <nav aria-label="Endpoints">
          <h2>Contents</h2>
          <ul>
            ${operations.map(
              ({ path, method, details }) =>
                html`<li>
                  <a href="#${anchor(details.operationId)}"><span class="method">${method}</span> ${path}</a>
                </li>`,
            )}
          </ul>
        </nav>
        <main id="endpoints">
          <h2>Endpoints</h2>
          ${operations.map(({ path, method, details }) => {
            const security = details.security as unknown[]
            const request = (
              details.requestBody as { content: { 'application/json': { schema: JsonSchema } } } | undefined
            )?.content['application/json'].schema
            const response = (
              details.responses as Record<
                string,
                { content?: { 'application/json': { schema: JsonSchema } } }
              >
            )['200']?.content?.['application/json'].schema
            const parameters = (details.parameters ?? []) as {
              name: string
              in: string
              required: boolean
              schema: JsonSchema
            }[]
            return html`<section
              id="${anchor(details.operationId)}"
              aria-labelledby="${anchor(details.operationId)}-title"
            >
              <h3 id="${anchor(details.operationId)}-title">
                <span class="method">${method}</span> <code>${path}</code>
              </h3>
              <p>${String(details.summary)}</p>
              <p class="auth">
                ${security.length > 0 ? 'Needs a bearer token (Authorization: Bearer …).' : 'Public: no token needed.'}
              </p>
              ${
                parameters.length > 0
                  ? html`<table>
                      <caption>
                        Parameters
                      </caption>
                      <thead>
                        <tr>
                          <th scope="col">Name</th>
                          <th scope="col">In</th>
                          <th scope="col">Type</th>
                          <th scope="col">Required</th>
                        </tr>
                      </thead>
                      <tbody>
                        ${parameters.map(
                          (parameter) =>
                            html`<tr>
                              <th scope="row"><code>${parameter.name}</code></th>
                              <td>${parameter.in}</td>
                              <td><code>${typeLabel(parameter.schema)}</code></td>
                              <td>${parameter.required ? 'yes' : 'no'}</td>
                            </tr>`,
                        )}
                      </tbody>
                    </table>`
                  : ''
              }
              ${fieldsTable('Request body', request, document.components.schemas)}
              ${fieldsTable('Answer (200)', response, document.components.schemas)}
              <details>
                <summary>JSON Schema of this endpoint</summary>
                <pre>${JSON.stringify({ request, response }, null, 2)}</pre>
              </details>
            </section>`
          })}
          <section aria-labelledby="errors-title">
            <h2 id="errors-title">Errors</h2>
            <p>
              Every error answers JSON <code>{ "detail": "..." }</code>: 401 for a missing or bad token, 404
              for something that is not there (or is another customer's), 409 for a conflict, 402 for a
              balance too low, 422 for invalid input (the detail names the field, and <code>field</code> holds
              its path), 429 with Retry-After when sign-in, sign-up or password reset is tried too often.
            </p>
          </section>
        </main>
      </body>
    </html>`
}

const DOCS_CSS = `
:root { color-scheme: light dark; --fg: #1b1f24; --bg: #ffffff; --muted: #57606a; --line: #d0d7de; --accent: #0550ae; }
@media (prefers-color-scheme: dark) { :root { --fg: #e6edf3; --bg: #0d1117; --muted: #9da7b3; --line: #30363d; --accent: #79c0ff; } }
* { box-sizing: border-box; }
body { margin: 0 auto; max-width: 60rem; padding: 1.5rem; font: 1rem/1.5 system-ui, sans-serif; color: var(--fg); background: var(--bg); }
a { color: var(--accent); }
a:focus-visible, summary:focus-visible { outline: 3px solid var(--accent); outline-offset: 2px; }
.skip { position: absolute; left: -999px; }
.skip:focus { left: 1rem; top: 1rem; background: var(--bg); padding: .5rem; }
nav ul { columns: 2 18rem; padding-left: 1.2rem; }
section { border-top: 1px solid var(--line); padding: 1rem 0; }
.method { display: inline-block; min-width: 4.5rem; font-weight: 700; font-family: ui-monospace, monospace; }
.auth { color: var(--muted); }
table { border-collapse: collapse; width: 100%; margin: .75rem 0; }
caption { text-align: left; font-weight: 600; padding-bottom: .25rem; }
th, td { border: 1px solid var(--line); padding: .3rem .5rem; text-align: left; vertical-align: top; }
thead th { background: color-mix(in srgb, var(--line) 35%, transparent); }
pre { overflow: auto; padding: .75rem; border: 1px solid var(--line); font-size: .85rem; }
`

let cachedDocument: OpenApiDocument | undefined
let cachedPage: string | undefined

function openApiDocument() {
  cachedDocument ??= buildOpenApiDocument()
  return cachedDocument
}

export const docsRoutes = new Hono<AppEnv>()
  .get('/openapi.json', (c) => c.json(openApiDocument(), 200))
  .get('/docs', async (c) => {
    cachedPage ??= String(await renderDocsPage(openApiDocument()))
    return c.html(raw(cachedPage), 200)
  })
  .get('/docs.css', (c) => c.body(DOCS_CSS, 200, { 'Content-Type': 'text/css; charset=utf-8' }))
