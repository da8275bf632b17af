import { adminEndpoints } from '@engage/contract'
import { endpoints } from '@engage/contract/all-endpoints'

// The document covers both registries: customer calls and operator calls.
const registry = { ...endpoints, ...adminEndpoints }
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp, type TestApp } from './support/app'

let t: TestApp
beforeAll(async () => {
  t = await createTestApp()
})
afterAll(() => t.close())

interface Operation {
  operationId: string
  summary: string
  security: unknown[]
  parameters?: { name: string; in: string; required: boolean }[]
  requestBody?: { content: { 'application/json': { schema: Record<string, unknown> } } }
  responses: Record<string, { content?: { 'application/json': { schema: Record<string, unknown> } } }>
}

interface Document {
  openapi: string
  info: { title: string; version: string }
  paths: Record<string, Record<string, Operation>>
  components: { schemas: Record<string, unknown>; securitySchemes: Record<string, unknown> }
}

async function openApi(): Promise<Document> {
  const response = await t.app.request('/api/openapi.json')
  expect(response.status).toBe(200)
  expect(response.headers.get('Content-Type')).toMatch(/^application\/json/)
  return (await response.json()) as Document
}

/** Every `$ref` in the document, to check each one resolves. */
function references(value: unknown, found: string[] = []): string[] {
  if (Array.isArray(value)) value.forEach((item) => references(item, found))
  else if (value && typeof value === 'object') {
    for (const [key, child] of Object.entries(value)) {
      if (key === '$ref' && typeof child === 'string') found.push(child)
      else references(child, found)
    }
  }
  return found
}

describe('GET /api/openapi.json', () => {
  it('is an OpenAPI 3.1 document with bearer security', async () => {
    const document = await openApi()
    expect(document.openapi).toBe('3.1.0')
    expect(document.info.title).toBe('Engage Panel API')
    expect(document.components.securitySchemes).toEqual({ bearerAuth: { type: 'http', scheme: 'bearer' } })
  })

  it.each(Object.entries(registry))(
    'documents %s with its method, path, auth and schemas',
    async (name, endpoint) => {
      const document = await openApi()
      const operation = document.paths[endpoint.path]?.[endpoint.method.toLowerCase()]
      expect(operation, `${endpoint.method} ${endpoint.path}`).toBeDefined()
      expect(operation?.operationId).toBe(name)
      expect(operation?.summary).toBe(endpoint.summary)
      expect(operation?.security).toEqual(endpoint.auth ? [{ bearerAuth: [] }] : [])
      // A CSV export documents its text under its own media type.
      const mediaType =
        ('responseContentType' in endpoint ? endpoint.responseContentType : undefined) ?? 'application/json'
      const content = operation?.responses['200']?.content as Record<string, { schema: unknown }> | undefined
      expect(content?.[mediaType]?.schema).toBeTypeOf('object')
      expect(Boolean(operation?.requestBody)).toBe('request' in endpoint && endpoint.request !== undefined)
      if (endpoint.auth) expect(operation?.responses['401']).toBeDefined()
      for (const name of endpoint.path.match(/\{(\w+)\}/g) ?? []) {
        expect(operation?.parameters).toContainEqual(
          expect.objectContaining({ name: name.slice(1, -1), in: 'path', required: true }),
        )
      }
    },
  )

  it('documents request fields as the contract defines them', async () => {
    const document = await openApi()
    const signup = document.paths['/api/signup']?.post?.requestBody?.content['application/json'].schema
    expect(signup).toMatchObject({
      type: 'object',
      properties: { email: expect.any(Object), password: { type: 'string', minLength: 8, maxLength: 128 } },
      required: ['email', 'password'],
    })
    const listOrders = document.paths['/api/orders/get']?.get
    expect(listOrders?.parameters?.map((parameter) => [parameter.name, parameter.in])).toEqual([
      ['cursor', 'query'],
      ['limit', 'query'],
      ['search', 'query'],
      ['status', 'query'],
      ['service', 'query'],
      ['from', 'query'],
      ['to', 'query'],
    ])
  })

  it('resolves every schema reference inside the document', async () => {
    const document = await openApi()
    const refs = references(document)
    expect(refs.length).toBeGreaterThan(0)
    for (const ref of refs) {
      expect(ref).toMatch(/^#\/components\/schemas\//)
      expect(document.components.schemas[ref.split('/').at(-1) ?? '']).toBeDefined()
    }
  })
})

describe('the registered routes', () => {
  // Routes under /api that are not JSON calls of the registry: the documentation itself, the gateways'
  // signed webhooks, Google's browser redirects, the SMM panel API v2 (its own protocol, key in the body), and
  // the error boundaries' report beacon (sent by the page itself, never by the API client), and the live updates'
  // event stream (text/event-stream, read by the browser's EventSource) with the call that sets its cookie.
  const outsideRegistry = [
    /^\/api\/client-errors$/,
    /^\/api\/events(\/session)?$/,
    /^\/api\/openapi\.json$/,
    /^\/api\/docs(\/|$)/,
    /^\/api\/payments\/:provider\/webhook$/,
    /^\/api\/signin\/google(\/callback)?$/,
    /^\/api\/v2(\/|$)/,
  ]

  it('are exactly the operations the OpenAPI document describes', async () => {
    const document = await openApi()
    const documented = Object.entries(document.paths)
      .flatMap(([path, methods]) => Object.keys(methods).map((method) => `${method.toUpperCase()} ${path}`))
      .sort()
    const registered = [
      ...new Set(
        t.app.routes
          .filter((route) => route.method !== 'ALL' && route.path.startsWith('/api/'))
          .filter((route) => !outsideRegistry.some((pattern) => pattern.test(route.path)))
          .map((route) => `${route.method} ${route.path.replace(/:(\w+)/g, '{$1}')}`),
      ),
    ].sort()
    expect(registered).toEqual(documented)
  })
})

describe('GET /api/docs', () => {
  it('is Swagger UI on the generated document, every file from our own origin', async () => {
    const response = await t.app.request('/api/docs')
    expect(response.status).toBe(200)
    expect(response.headers.get('Content-Type')).toMatch(/^text\/html/)
    const page = await response.text()
    expect(page).toMatch(/^<!doctype html>/i)
    expect(page).toContain('<html lang="en">')
    expect(page).toContain('<h1>Engage Panel API</h1>')
    expect(page).toContain('href="/api/openapi.json"')
    // Nothing inline or remote: the page works under the CSP and without a network.
    expect(page).not.toMatch(/<script>|<style|style=|https?:\/\//)
    const sources = [...page.matchAll(/(?:src|href)="([^"]+)"/g)].map((match) => match[1] ?? '')
    expect(sources).toContain('/api/docs/init.js')
    for (const source of sources) {
      const asset = await t.app.request(source)
      expect(asset.status, source).toBe(200)
    }
    const init = await (await t.app.request('/api/docs/init.js')).text()
    expect(init).toContain("url: '/api/openapi.json'")
  })

  it("serves Swagger UI's files with their types and nothing else from its folder", async () => {
    const css = await t.app.request('/api/docs/swagger-ui.css')
    expect(css.headers.get('Content-Type')).toMatch(/^text\/css/)
    const script = await t.app.request('/api/docs/swagger-ui-bundle.js')
    expect(script.headers.get('Content-Type')).toMatch(/^text\/javascript/)
    expect((await t.app.request('/api/docs/package.json')).status).toBe(404)
    expect((await t.app.request('/api/docs/..%2Fpackage.json')).status).toBe(404)
  })
})
