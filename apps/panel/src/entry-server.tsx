import { StrictMode } from 'react'
import { renderToString } from 'react-dom/server'
import { endpoints, servicesFromRates, STORAGE_KEYS } from '@engage/contract'
import { EARLY_ANSWERS_GLOBAL, ORDER_FORM_PAGES } from './earlyAnswers'
import { STATE_ELEMENT_ID, staticChunks, type Manifest, type Manifests, type PageState } from './document'
import { createLazyClient } from './lazyClient'
import { preloadPublicApp, PublicApp } from './PublicApp'
import { prerenderedPaths, publicPages, type PublicPath } from './publicPages'
import { themeBootScript } from './theme'
import { titleOf } from './titles'

// The server render (built with `vite build --ssr` into dist/server/entry-server.js). The build calls it to
// write the public pages' HTML, the API server calls it at start with the current service list, and the size
// check reads pageChunks from it.

export { prerenderedPaths, themeBootScript }

/**
 * The HTML entry and source modules each measured page loads: a public page its entry and page; a signed-in
 * page the app entry, the layout and the page. renderPage fails on a module the manifest lacks.
 */
export const pageModules: Record<string, { build: keyof Manifests; modules: readonly string[] }> = {
  '/': { build: 'public', modules: ['public.html', 'src/pages/LandingPage.tsx'] },
  '/about': { build: 'public', modules: ['public.html', 'src/pages/AboutPage.tsx'] },
  '/privacy': { build: 'public', modules: ['public.html', 'src/pages/PrivacyPage.tsx'] },
  '/terms': { build: 'public', modules: ['public.html', 'src/pages/TermsPage.tsx'] },
  '/security': { build: 'public', modules: ['public.html', 'src/pages/SecurityPage.tsx'] },
  '/services': { build: 'public', modules: ['public.html', 'src/pages/ServicesPage.tsx'] },
  '/auth': { build: 'app', modules: ['index.html', 'src/pages/AuthPage.tsx'] },
  '/dashboard': {
    build: 'app',
    modules: ['index.html', 'src/pages/SignedInLayout.tsx', 'src/pages/DashboardPage.tsx'],
  },
}

/** Every JavaScript file a page loads before it is interactive, entry first. */
export function pageChunks(manifests: Manifests, path: string): string[] {
  const page = pageModules[path]
  if (!page) throw new Error(`No measured page ${path}`)
  const seen = new Set<string>()
  return page.modules.flatMap((module) => staticChunks(manifests[page.build], module, seen))
}

/** Service name → price per unit in USD, as GET /api/get-services answers. */
export type ServicePrices = NonNullable<PageState['prices']>

export interface RenderPageOptions {
  /** dist/client/public.html as Vite wrote it. */
  template: string
  manifests: Manifests
  path: PublicPath
  /** The service list for the pricing grid; null renders the grid loading, and the browser fetches it. */
  prices: ServicePrices | null
  /** The build's stylesheets by file (assets/style-….css → its text), inlined into the page. */
  stylesheets: Record<string, string>
}

function escapeHtml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;')
}

/** The id react-aria's usePress looks for before it inserts its inline <style> (pressable.css). */
const PRESSABLE_STYLE_ID = 'react-aria-pressable-style'

function withHead(template: string, title: string, extraHead: string): string {
  return template
    .replace('<link rel="stylesheet"', `<link id="${PRESSABLE_STYLE_ID}" rel="stylesheet"`)
    .replace(/<title>[^<]*<\/title>/, `<title>${escapeHtml(title)}</title>`)
    .replace('<!--app-head-->', `<script>${themeBootScript()}</script>${extraHead}`)
}

/**
 * The stylesheet link replaced by the stylesheet itself (a few KB): a prerendered page then paints from its
 * HTML alone, without waiting for one more request. The server allows the style element by its hash.
 */
function withInlineStylesheet(html: string, stylesheets: Record<string, string>): string {
  return html.replace(
    /<link id="[^"]*" rel="stylesheet" crossorigin href="\/([^"]+)">/,
    (link, file: string) => {
      const css = stylesheets[file]
      return css === undefined
        ? link
        : `<style id="${PRESSABLE_STYLE_ID}">${css.replace(/<\//g, '<\\/')}</style>`
    },
  )
}

/** A public page as complete HTML: the rendered content, its data, and preloads of the chunks it needs. */
export async function renderPage({
  template,
  manifests,
  path,
  prices,
  stylesheets,
}: RenderPageOptions): Promise<string> {
  const renderedAt = Date.now()
  const services = prices === null ? null : servicesFromRates(prices)
  // Never called while rendering: the server render makes no API calls.
  const client = createLazyClient({ baseUrl: '', getToken: () => null })
  const [{ default: Page }] = await Promise.all([publicPages[path](), preloadPublicApp(services)])
  const html = renderToString(
    <StrictMode>
      <PublicApp client={client} services={services} Page={Page} />
    </StrictMode>,
  )
  // '<' escaped so that no text in the data can close the script element.
  const pageState: PageState = { prices, renderedAt }
  const state = JSON.stringify(pageState).replace(/</g, '\\u003c')
  const entryChunks = new Set(staticChunks(manifests.public, 'public.html'))
  const pagePreloads = pageChunks(manifests, path)
    .filter((file) => !entryChunks.has(file))
    .map((file) => `/${file}`)
  return withScriptsAfterFirstPaint(
    withInlineStylesheet(withHead(template, titleOf(path), ''), stylesheets)
      .replace('<!--app-html-->', html)
      .replace(
        '<!--app-state-->',
        `<script type="application/json" id="${STATE_ELEMENT_ID}">${state}</script>`,
      ),
    pagePreloads,
  )
}

/** Inline-script code: a function that adds a `<link rel="modulepreload">` for the address it is given. */
const ADD_MODULE_PRELOAD =
  "function(h){var l=document.createElement('link');l.rel='modulepreload';l.crossOrigin='';l.href=h;" +
  'document.head.appendChild(l)}'

const MODULE_PRELOAD = /<link rel="modulepreload" crossorigin href="([^"]+)">\s*/g
const MODULE_SCRIPT = /<script type="module" crossorigin src="([^"]+)"><\/script>\s*/g

/**
 * A prerendered page's scripts (the build's entry and its preloads, from the template, and the page's own
 * `pagePreloads`) asked for once the page has painted, by an inline script at the end of the body, instead of
 * from the head: the page's content is all in its HTML, and its first paint then neither waits on nor shares the
 * connection with the code that hydrates it. In a hidden tab, which paints nothing, they are asked for at once.
 */
function withScriptsAfterFirstPaint(html: string, pagePreloads: string[]): string {
  const preloads = [...pagePreloads, ...[...html.matchAll(MODULE_PRELOAD)].map((match) => match[1] ?? '')]
  const entries = [...html.matchAll(MODULE_SCRIPT)].map((match) => match[1] ?? '')
  if (entries.length === 0) return html
  const load =
    `(function(){function go(){${JSON.stringify(preloads)}.forEach(${ADD_MODULE_PRELOAD});` +
    `${JSON.stringify(entries)}.forEach(function(h){var s=document.createElement('script');s.type='module';` +
    `s.crossOrigin='';s.src=h;document.head.appendChild(s)})}` +
    `if(document.visibilityState==='hidden')go();else requestAnimationFrame(function(){setTimeout(go,0)})})()`
  return html
    .replace(MODULE_PRELOAD, '')
    .replace(MODULE_SCRIPT, '')
    .replace('</body>', `<script>${load}</script></body>`)
}

/** The signed-in pages whose chunks the shell preloads, by path: the layout's and the page's. */
const signedInPageModules: Record<string, string> = {
  '/dashboard': 'src/pages/DashboardPage.tsx',
  '/orders': 'src/pages/OrdersRoutePage.tsx',
  '/wallet': 'src/pages/WalletPage.tsx',
  '/settings': 'src/pages/SettingsPage.tsx',
}
const signedOutPageModules: Record<string, string> = {
  '/auth': 'src/pages/AuthPage.tsx',
  '/logout': 'src/pages/LogoutPage.tsx',
}

/**
 * The shell's inline script that asks, while the entry is still on its way, for the chunks of the page at the
 * address (a signed-in page only with a stored token, as the guard would send anyone else to /auth). Without it
 * they would be requested only once the entry has arrived and run: one more round trip before the first render.
 * On a signed-in page it also asks for the current user, and on a page that opens on the order form for the
 * service list; the client's first call for each takes that answer (earlyAnswers.ts): the data arrives beside
 * the chunks rather than after the entry has run.
 */
export function routePreloadScript(manifest: Manifest): string {
  const entryChunks = new Set(staticChunks(manifest, 'index.html'))
  const chunksOf = (modules: string[]) => {
    const seen = new Set<string>()
    return modules
      .flatMap((module) => staticChunks(manifest, module, seen))
      .filter((file) => !entryChunks.has(file))
      .map((file) => `/${file}`)
  }
  const mapOf = (pages: Record<string, string>, layout: string[]) =>
    Object.fromEntries(Object.entries(pages).map(([path, module]) => [path, chunksOf([...layout, module])]))
  const signedIn = JSON.stringify(mapOf(signedInPageModules, ['src/pages/SignedInLayout.tsx']))
  const signedOut = JSON.stringify(mapOf(signedOutPageModules, []))
  const tokenKey = JSON.stringify(STORAGE_KEYS.authToken)
  const early = JSON.stringify(EARLY_ANSWERS_GLOBAL)
  const mePath = JSON.stringify(endpoints.getMe.path)
  const servicesPath = JSON.stringify(endpoints.getServices.path)
  const orderFormPages = JSON.stringify(ORDER_FORM_PAGES)
  return (
    `(function(){var p=location.pathname.replace(/[/]+$/,'')||'/',f=${signedOut}[p],t=null;` +
    `if(!f){f=${signedIn}[p];try{t=localStorage.getItem(${tokenKey})}catch(e){}if(!t)f=null}` +
    `(f||[]).forEach(${ADD_MODULE_PRELOAD});if(!f||!t)return;` +
    `function ask(u,h){var r=fetch(u,{headers:h});r.catch(function(){});a[u]=r}` +
    `var a=window[${early}]={};ask(${mePath},{Accept:'application/json',Authorization:'Bearer '+t});` +
    `if(${orderFormPages}.indexOf(p)>=0)ask(${servicesPath},{Accept:'application/json'})})()`
  )
}

/** The page every other path gets (/auth, /logout, the signed-in pages): empty, rendered in the browser. */
export function renderShell(template: string, manifests: Manifests): string {
  return withHead(template, 'Engage Panel', `<script>${routePreloadScript(manifests.app)}</script>`)
}
