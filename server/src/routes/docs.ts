import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import path from 'node:path'
import { Hono } from 'hono'
import type { AppEnv } from '../http/env'
import { handleNotFound } from '../http/errors'
import { buildOpenApiDocument, type OpenApiDocument } from '../http/openapi'

// GET /api/openapi.json: the OpenAPI document generated from the contract's registry. GET /api/docs: that
// document in Swagger UI, whose files are served from our own origin (no CDN is reachable from where the panel
// runs, and the page keeps the panel's strict Content-Security-Policy: no inline script or style).

export const OPENAPI_PATH = '/api/openapi.json'

const swaggerUiDir = path.dirname(createRequire(import.meta.url).resolve('swagger-ui-dist/package.json'))

/** The Swagger UI files the page loads, by the name it asks for them under /api/docs/. */
const ASSETS: Readonly<Record<string, string>> = {
  'swagger-ui.css': 'text/css; charset=utf-8',
  'swagger-ui-bundle.js': 'text/javascript; charset=utf-8',
  'favicon-32x32.png': 'image/png',
}

/** Starts Swagger UI on the generated document; a file of its own, as the CSP allows no inline script. */
const INIT_SCRIPT = `window.addEventListener('load', function () {
  window.ui = SwaggerUIBundle({ url: '${OPENAPI_PATH}', dom_id: '#swagger-ui', deepLinking: true })
})
`

const PAGE = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <title>Engage Panel API</title>
    <link rel="icon" type="image/png" href="/api/docs/favicon-32x32.png" />
    <link rel="stylesheet" href="/api/docs/swagger-ui.css" />
  </head>
  <body>
    <main id="swagger-ui">
      <h1>Engage Panel API</h1>
      <p>Loading the reference; the document itself is at <a href="${OPENAPI_PATH}">${OPENAPI_PATH}</a>.</p>
    </main>
    <script src="/api/docs/swagger-ui-bundle.js"></script>
    <script src="/api/docs/init.js"></script>
  </body>
</html>
`

let cachedDocument: OpenApiDocument | undefined
const cachedAssets = new Map<string, Buffer>()

function openApiDocument(): OpenApiDocument {
  cachedDocument ??= buildOpenApiDocument()
  return cachedDocument
}

export const docsRoutes = new Hono<AppEnv>()
  .get('/openapi.json', (c) => c.json(openApiDocument(), 200))
  .get('/docs', (c) => c.html(PAGE, 200))
  .get('/docs/init.js', (c) => c.body(INIT_SCRIPT, 200, { 'Content-Type': 'text/javascript; charset=utf-8' }))
  .get('/docs/:file', (c) => {
    const file = c.req.param('file')
    const type = ASSETS[file]
    if (type === undefined) return handleNotFound(c)
    let body = cachedAssets.get(file)
    if (body === undefined) {
      body = readFileSync(path.join(swaggerUiDir, file))
      cachedAssets.set(file, body)
    }
    return c.body(new Uint8Array(body), 200, {
      'Content-Type': type,
      'Cache-Control': 'public, max-age=86400',
    })
  })
