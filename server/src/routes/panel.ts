import { existsSync, readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { pathToFileURL } from 'node:url'
import type { ContactMethod } from '@engage/contract'
import { type Context, Hono } from 'hono'
import { listContactMethods } from '../domain/panel-content'
import { serviceCatalogue } from '../domain/services'
import type { AppEnv } from '../http/env'
import { encodedFor, isCompressedCopy, readStoredFile, storeBody, type StoredBody } from '../http/stored-body'
import type { Logger } from '../logger'
import { pagePolicy } from './panel-policy'
import { sendSignedInPage, type SignedInPage, type SignedInPageOptions } from './signed-in-page'

// The panel's build (apps/panel/dist), served by the API's own process so that one port is the whole product:
// - /assets/*: the hashed bundles, cached for a year (their names change with their content);
// - the public pages (/, /about, /privacy, /terms, /security): HTML rendered by the panel's server render with
//   the current service list, rendered again when the list changes, so the pricing grid is never stale;
// - the signed-in pages /dashboard, /orders and /wallet with a valid session cookie: rendered for that
//   session by the panel's server render and streamed (signed-in-page.ts); the browser hydrates them;
// - /auth, /logout, /settings, /analytics, /notifications, /support, /affiliates, the operator console (/admin/...),
//   the invitation links (/invitation/...) and the
//   signed-in pages without a session: the app shell,
//   rendered in the browser;
// - any other path: the landing page, with status 404.
// Mount it last: its catch-all answers every GET the API, the sandbox and the simulator have not.

/** apps/panel/dist, beside this server in the workspace. */
export const defaultPanelDistDir = path.resolve(import.meta.dirname, '../../../apps/panel/dist')

/**
 * The signed-in pages the server renders for a session (signed-in-page.ts); the app shell without one.
 * /settings is not one of them: its API tab shows the window's origin, which a server render does not know.
 */
const signedInPaths = new Set(['/dashboard', '/orders', '/wallet'])
/** Paths of the app shell: rendered in the browser (the guard and the session live there). */
const appShellPaths = new Set([
  '/auth',
  '/logout',
  '/settings',
  '/analytics',
  '/notifications',
  '/affiliates',
  ...signedInPaths,
])
/**
 * The operator console (/admin, /admin/users, ...), the support tickets (/support, /support/31) and the invitation
 * links: the app shell too.
 */
const appShellPrefixes = ['/admin', '/support', '/invitation']

/** Prefixes that belong to other parts of the server: never answered with a page. */
const serverPrefixes = ['/api', '/sandbox', '/simulator', '/widget']

const ONE_YEAR_SECONDS = 365 * 24 * 60 * 60

const contentTypes: Record<string, string> = {
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.html': 'text/html; charset=utf-8',
  '.json': 'application/json',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.woff2': 'font/woff2',
}

/** The exports of apps/panel/dist/server/entry-server.js that the server uses. */
export interface PanelRender {
  prerenderedPaths: readonly string[]
  renderPage(options: {
    template: string
    manifests: unknown
    path: string
    prices: Record<string, number> | null
    contactMethods?: ContactMethod[] | null
    stylesheets: Record<string, string>
  }): Promise<string>
  renderSignedInPage(options: SignedInPageOptions): Promise<SignedInPage | null>
}

/** A response body kept in memory with its compressed forms, and an HTML page's own policy. */
interface PanelBody extends StoredBody {
  /** A page's Content-Security-Policy (pagePolicy); assets keep the server's. */
  policy?: string
}

/** An HTML page with the policy its inline scripts need. */
function storedPage(page: StoredBody): PanelBody {
  return { ...page, policy: pagePolicy(page.raw.toString('utf8')) }
}

/** The panel's build, loaded once at start. */
export interface PanelBuild {
  assets: Map<string, PanelBody>
  shell: PanelBody
  /** The build's own copies of the public pages, until (and unless) the server render replaces them. */
  prerendered: Map<string, PanelBody>
  render: PanelRender
  template: string
  /** The app's HTML entry (dist/server/index.html), which the signed-in pages are rendered into. */
  appTemplate: string
  manifests: unknown
  /** The stylesheets the public pages inline (assets/… → text). */
  stylesheets: Record<string, string>
}

/** Reads apps/panel/dist; null when the panel has not been built. */
export async function loadPanelBuild(distDir = defaultPanelDistDir): Promise<PanelBuild | null> {
  const clientDir = path.join(distDir, 'client')
  const renderFile = path.join(distDir, 'server', 'entry-server.js')
  const shellFile = path.join(clientDir, 'shell.html')
  if (!existsSync(renderFile) || !existsSync(shellFile)) return null

  const assets = new Map<string, PanelBody>()
  const stylesheets: Record<string, string> = {}
  for (const name of readdirSync(path.join(clientDir, 'assets'))) {
    if (isCompressedCopy(name)) continue
    const type = contentTypes[path.extname(name)] ?? 'application/octet-stream'
    const asset = readStoredFile(path.join(clientDir, 'assets', name), type)
    assets.set(name, asset)
    if (name.endsWith('.css')) stylesheets[`assets/${name}`] = asset.raw.toString('utf8')
  }
  const render = (await import(pathToFileURL(renderFile).href)) as PanelRender
  const prerendered = new Map<string, PanelBody>()
  for (const route of render.prerenderedPaths) {
    const file = path.join(clientDir, route, 'index.html')
    prerendered.set(route, storedPage(readStoredFile(file, contentTypes['.html']!)))
  }
  const readManifest = (build: string) =>
    JSON.parse(readFileSync(path.join(clientDir, '.vite', `manifest-${build}.json`), 'utf8')) as unknown
  return {
    assets,
    shell: storedPage(readStoredFile(shellFile, contentTypes['.html']!)),
    prerendered,
    render,
    template: readFileSync(path.join(distDir, 'server', 'public.html'), 'utf8'),
    appTemplate: readFileSync(path.join(distDir, 'server', 'index.html'), 'utf8'),
    manifests: { app: readManifest('app'), public: readManifest('public') },
    stylesheets,
  }
}

function send(c: Context<AppEnv>, body: PanelBody, options: { status?: 200 | 404; cacheControl: string }) {
  // A 304's headers replace the cached response's: the page's policy goes along, or the browser would run
  // the cached page under the server's default policy, which refuses its inline script.
  const policy: Record<string, string> = body.policy ? { 'Content-Security-Policy': body.policy } : {}
  if (c.req.header('If-None-Match') === body.etag && options.status !== 404) {
    return c.body(null, 304, { ETag: body.etag, 'Cache-Control': options.cacheControl, ...policy })
  }
  const { encoding, payload } = encodedFor(c.req.header('Accept-Encoding'), body)
  const headers: Record<string, string> = {
    'Content-Type': body.contentType,
    'Cache-Control': options.cacheControl,
    ETag: body.etag,
    Vary: 'Accept-Encoding',
    ...policy,
  }
  if (encoding) headers['Content-Encoding'] = encoding
  return c.body(new Uint8Array(payload), options.status ?? 200, headers)
}

/** Pages are revalidated on every visit (their scripts are the cached part). */
const PAGE_CACHE_CONTROL = 'no-cache'

/** The API's own app, which the server render calls as a browser would (the current user). */
export type ApiFetch = (request: Request, env: AppEnv['Bindings']) => Response | Promise<Response>

/** The routes that serve a loaded build. */
export function panelRoutes(build: PanelBuild, logger: Logger, api: ApiFetch) {
  // The public pages rendered by the server render, for the service list and contact methods they were
  // rendered with (every page names the operator's support addresses and hours, so a change re-renders them).
  let rendered: { version: string; pages: Promise<Map<string, PanelBody>> } | undefined

  async function renderPublicPages(
    prices: Record<string, number>,
    contactMethods: ContactMethod[],
  ): Promise<Map<string, PanelBody>> {
    const pages = new Map<string, PanelBody>()
    for (const route of build.render.prerenderedPaths) {
      const html = await build.render.renderPage({
        template: build.template,
        manifests: build.manifests,
        path: route,
        prices,
        contactMethods,
        stylesheets: build.stylesheets,
      })
      pages.set(route, storedPage(storeBody(Buffer.from(html), contentTypes['.html']!)))
    }
    return pages
  }

  async function publicPage(c: Context<AppEnv>, route: string): Promise<PanelBody> {
    try {
      const [catalogue, contactMethods] = await Promise.all([
        serviceCatalogue(c.get('deps').db),
        listContactMethods(c.get('deps').db),
      ])
      const version = `${catalogue.pricesEtag} ${JSON.stringify(contactMethods)}`
      if (rendered?.version !== version) {
        const prices = JSON.parse(catalogue.pricesJson) as Record<string, number>
        rendered = { version, pages: renderPublicPages(prices, contactMethods) }
      }
      const page = (await rendered.pages).get(route)
      if (page) return page
    } catch (error) {
      // The build's copy still works: its pricing grid loads the list in the browser.
      rendered = undefined
      logger.error('Could not render the public pages; serving the build copies', { error: String(error) })
    }
    return build.prerendered.get(route) ?? build.shell
  }

  return new Hono<AppEnv>()
    .get('/assets/:file', (c) => {
      const asset = build.assets.get(c.req.param('file'))
      if (!asset) return c.notFound()
      return send(c, asset, { cacheControl: `public, max-age=${ONE_YEAR_SECONDS}, immutable` })
    })
    .get('*', async (c) => {
      const pathname = c.req.path.length > 1 ? c.req.path.replace(/\/+$/, '') : c.req.path
      const ownedElsewhere = serverPrefixes.some(
        (prefix) => pathname === prefix || pathname.startsWith(`${prefix}/`),
      )
      // A missing file (a name with an extension) is a 404, not a page.
      if (ownedElsewhere || /\.[a-z0-9]+$/i.test(pathname)) return c.notFound()

      const isAppShell =
        appShellPaths.has(pathname) ||
        appShellPrefixes.some((prefix) => pathname === prefix || pathname.startsWith(`${prefix}/`))
      if (isAppShell) {
        if (signedInPaths.has(pathname)) {
          const page = await sendSignedInPage(c, build, api, logger)
          if (page) return page
        }
        return send(c, build.shell, { cacheControl: PAGE_CACHE_CONTROL })
      }
      const isPublicPage = build.render.prerenderedPaths.includes(pathname)
      const page = await publicPage(c, isPublicPage ? pathname : '/')
      return send(c, page, { status: isPublicPage ? 200 : 404, cacheControl: PAGE_CACHE_CONTROL })
    })
}

/**
 * Serves the panel's build from this app, when it has been built (`pnpm run build`); without a build the
 * server runs as the API alone and says so.
 */
export async function mountPanel(app: Hono<AppEnv>, logger: Logger, distDir = defaultPanelDistDir) {
  const build = await loadPanelBuild(distDir)
  if (!build) {
    logger.warn(`The panel is not built (${distDir}): serving the API only. Run \`pnpm run build\`.`)
    return
  }
  app.route(
    '/',
    panelRoutes(build, logger, (request, env) => app.fetch(request, env)),
  )
}
