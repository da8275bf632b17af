import { existsSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { type Context, Hono } from 'hono'
import type { AppEnv } from '../http/env'
import { HttpError } from '../http/errors'
import { encodedFor, readStoredFile, storeBody, type StoredBody } from '../http/stored-body'
import { widgetDocsCss, widgetDocsPage } from './widgetDocs'

// The order widget for partner sites, from the widget's build (packages/widget/dist):
// - /widget/loader.js: the one script partners embed. A stable URL, so it is cached briefly and revalidated
//   with its ETag; a new build reaches partner pages within a minute.
// - /widget/assets/<name>-<hash>.js: the bundle the loader imports. Its name changes with its content, so it
//   is cached for a year.
// - /widget/current.js: a module that re-exports whichever bundle is current, never cached without asking. A
//   loader cached before a deploy (up to a minute) names a bundle this server no longer has; it falls back to
//   this stable URL instead of failing.
// - /widget/demo: a partner page as a partner would write it, served with a strict Content-Security-Policy
//   that allows our origin only, and with a hostile stylesheet (/widget/demo/host.css) that the widget must
//   shrug off. `?hostile=0` serves it without that stylesheet (the end-to-end test compares the two).
// - /widget/element.d.ts: the element's and its events' types, for embedders using TypeScript (short cache).
// - /widget/docs: the embedder's guide (widgetDocs.ts), with live widgets, under the server's own policy.
// Partner pages are other origins: every file here may be loaded cross-origin (CORP cross-origin, and CORS
// for the bundle, which the loader fetches as a module).

/** packages/widget/dist, beside this server in the workspace. */
export const defaultWidgetDistDir = path.resolve(import.meta.dirname, '../../../packages/widget/dist')

/** The loader's cache: short, revalidated with its ETag (304) after that. */
export const LOADER_CACHE_CONTROL = 'public, max-age=60'
/** The hashed bundle's cache. */
export const ASSET_CACHE_CONTROL = 'public, max-age=31536000, immutable'

export const WIDGET_NOT_BUILT = 'The widget is not built: run `pnpm --filter @engage/widget run build`'

/** The widget's build: the loader, the hashed files it loads, and the module re-exporting the current bundle. */
interface WidgetBuild {
  loader: StoredBody
  assets: Map<string, StoredBody>
  current: StoredBody
  /** The element's types; null for a build without them. */
  types: StoredBody | null
}

/** The current bundle's stable URL: revalidated (its ETag) on every use. */
export const CURRENT_CACHE_CONTROL = 'no-cache'

const JAVASCRIPT = 'text/javascript; charset=utf-8'

/** Reads dist/manifest.json and the files it names; null when the widget has not been built. */
export function loadWidgetBuild(distDir = defaultWidgetDistDir): WidgetBuild | null {
  const manifestFile = path.join(distDir, 'manifest.json')
  if (!existsSync(manifestFile)) return null
  const manifest = JSON.parse(readFileSync(manifestFile, 'utf8')) as {
    loader: string
    bundle: string
    types?: string
  }
  // Resolved against /widget/current.js, as the loader resolves the bundle's name against /widget/loader.js.
  const reexport = `export * from ${JSON.stringify(`./${manifest.bundle}`)}\n`
  return {
    loader: readStoredFile(path.join(distDir, manifest.loader), JAVASCRIPT),
    current: storeBody(Buffer.from(reexport), JAVASCRIPT),
    types: manifest.types
      ? readStoredFile(path.join(distDir, manifest.types), 'text/plain; charset=utf-8')
      : null,
    assets: new Map([
      [path.basename(manifest.bundle), readStoredFile(path.join(distDir, manifest.bundle), JAVASCRIPT)],
    ]),
  }
}

/** Headers that let any page load a widget file: a script tag (CORP) or a module import (CORS). */
const crossOriginHeaders = {
  'Cross-Origin-Resource-Policy': 'cross-origin',
  'Access-Control-Allow-Origin': '*',
}

function send(c: Context<AppEnv>, file: StoredBody, cacheControl: string) {
  const headers: Record<string, string> = {
    ...crossOriginHeaders,
    'Cache-Control': cacheControl,
    ETag: file.etag,
    Vary: 'Accept-Encoding',
  }
  const candidates = c.req
    .header('If-None-Match')
    ?.split(',')
    .map((tag) => tag.trim().replace(/^W\//, ''))
  if (candidates?.includes(file.etag) || candidates?.includes('*')) return c.body(null, 304, headers)
  const { encoding, payload } = encodedFor(c.req.header('Accept-Encoding'), file)
  if (encoding) headers['Content-Encoding'] = encoding
  return c.body(new Uint8Array(payload), 200, { ...headers, 'Content-Type': file.contentType })
}

/** The demo partner page: one script tag and one element, everything from our origin. */
function demoPage(origin: string, hostile: boolean): string {
  const stylesheet = hostile ? `\n    <link rel="stylesheet" href="${origin}/widget/demo/host.css" />` : ''
  return `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <title>Sunny Side Bakery: grow your bakery's audience</title>${stylesheet}
  </head>
  <body>
    <header>
      <h1>Sunny Side Bakery</h1>
      <p class="host-text">A partner site of Engage Panel. Order likes, followers or views for your posts below.</p>
      <button type="button" class="host-button">Our menu</button>
    </header>
    <main>
      <h2>Boost a post</h2>
      <script src="${origin}/widget/loader.js" async></script>
      <engage-order-widget service="likes">
        <p class="host-text">Order likes on <a href="${origin}/dashboard?service=likes">Engage Panel</a>.</p>
      </engage-order-widget>
    </main>
    <footer><p class="host-text">Sunny Side Bakery, 1 Main Street.</p></footer>
  </body>
</html>
`
}

/**
 * A partner stylesheet at its worst: loud global rules, !important everywhere, resets of form controls, and
 * inherited properties set on every element (the custom element itself included).
 */
const hostileStylesheet = `/* The partner page's own styles, hostile to anything embedded on purpose. */
* {
  font-family: 'Comic Sans MS', 'Comic Neue', cursive !important;
  color: rgb(192, 0, 106) !important;
  letter-spacing: 0.3em !important;
  text-transform: uppercase !important;
  line-height: 3 !important;
  word-spacing: 1em;
  text-align: right;
  cursor: crosshair;
}
html,
body {
  background: rgb(255, 250, 205);
  font-size: 22px;
}
div,
form,
label,
input,
button,
select,
ul,
li,
span {
  all: revert;
  margin: 12px !important;
  padding: 18px !important;
  border: 4px dashed rgb(0, 200, 0) !important;
  background: rgb(255, 0, 255) !important;
  box-shadow: 0 0 0 6px rgb(255, 0, 0) !important;
  font-size: 28px !important;
}
engage-order-widget {
  display: block;
  max-width: 32rem;
  filter: none;
}
`

/** Our origin, where the demo page loads everything from: the configured public URL. */
const ownOrigin = (c: Context<AppEnv>) => new URL(c.get('deps').config.publicUrl).origin

/** The demo page's policy: our origin for scripts, styles and API calls; nothing inline; nothing else. */
function demoPolicy(origin: string): string {
  return [
    "default-src 'none'",
    `script-src ${origin}`,
    `style-src ${origin}`,
    `connect-src ${origin}`,
    `img-src ${origin} data:`,
    `font-src ${origin}`,
    "base-uri 'none'",
    "form-action 'none'",
    "frame-ancestors 'none'",
  ].join('; ')
}

/** The widget's routes, mounted at /widget; the build is read on first use (and looked for again until found). */
export function widgetRoutes(distDir = defaultWidgetDistDir) {
  let build: WidgetBuild | null = null
  const currentBuild = (): WidgetBuild => {
    build ??= loadWidgetBuild(distDir)
    if (!build) throw new HttpError(404, WIDGET_NOT_BUILT)
    return build
  }

  return new Hono<AppEnv>()
    .get('/loader.js', (c) => send(c, currentBuild().loader, LOADER_CACHE_CONTROL))
    .get('/current.js', (c) => send(c, currentBuild().current, CURRENT_CACHE_CONTROL))
    .get('/element.d.ts', (c) => {
      const types = currentBuild().types
      return types ? send(c, types, LOADER_CACHE_CONTROL) : c.notFound()
    })
    .get('/assets/:file', (c) => {
      const asset = currentBuild().assets.get(c.req.param('file'))
      if (!asset) return c.notFound()
      return send(c, asset, ASSET_CACHE_CONTROL)
    })
    .get('/demo', (c) => {
      const origin = ownOrigin(c)
      return c.html(demoPage(origin, c.req.query('hostile') !== '0'), 200, {
        'Content-Security-Policy': demoPolicy(origin),
        'Cache-Control': 'no-cache',
      })
    })
    .get('/docs', (c) => c.html(widgetDocsPage(ownOrigin(c)), 200, { 'Cache-Control': 'no-cache' }))
    .get('/docs.css', (c) =>
      c.body(widgetDocsCss, 200, { 'Content-Type': 'text/css; charset=utf-8', 'Cache-Control': 'no-cache' }),
    )
    .get('/demo/host.css', (c) =>
      c.body(hostileStylesheet, 200, {
        ...crossOriginHeaders,
        'Content-Type': 'text/css; charset=utf-8',
        'Cache-Control': 'no-cache',
      }),
    )
}
