import { StrictMode } from 'react'
import { renderToString } from 'react-dom/server'
import { servicesFromRates, type ContactMethod } from '@engage/contract'
import { STATE_ELEMENT_ID, staticChunks, type Manifests, type PageState } from './document'
import { createLazyClient } from './lazyClient'
import { withHead, withInlineStylesheet, withScriptsAfterFirstPaint } from './pageHtml'
import { preloadPublicApp, PublicApp } from './PublicApp'
import { prerenderedPaths, publicPages, type PublicPath } from './publicPages'
import { routePreloadScript } from './routePreload'
import { themeBootScript } from './theme'
import { titleOf } from './titles'

// The server render (built with `vite build --ssr` into dist/server/entry-server.js). The build calls it to
// write the public pages' HTML, the API server calls it at start with the current service list and for every
// signed-in page with a session cookie (signedInPage.tsx), and the size check reads pageChunks from it.

export { prerenderedPaths, themeBootScript }
export { renderSignedInPage, type SignedInPage, type SignedInPageOptions } from './signedInPage'

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
  /** The operator's contact methods for the footer and texts; null renders none, and the browser loads them. */
  contactMethods?: ContactMethod[] | null
  /** The build's stylesheets by file (assets/style-….css → its text), inlined into the page. */
  stylesheets: Record<string, string>
}

/** A public page as complete HTML: the rendered content, its data, and preloads of the chunks it needs. */
export async function renderPage({
  template,
  manifests,
  path,
  prices,
  contactMethods = null,
  stylesheets,
}: RenderPageOptions): Promise<string> {
  const renderedAt = Date.now()
  const services = prices === null ? null : servicesFromRates(prices)
  // Never called while rendering: the server render makes no API calls.
  const client = createLazyClient({ baseUrl: '', getToken: () => null })
  const [{ default: Page }] = await Promise.all([publicPages[path](), preloadPublicApp(services)])
  const html = renderToString(
    <StrictMode>
      <PublicApp client={client} services={services} contactMethods={contactMethods} Page={Page} />
    </StrictMode>,
  )
  // '<' escaped so that no text in the data can close the script element.
  const pageState: PageState = { prices, contactMethods, renderedAt }
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

/**
 * The page every other path gets (/auth, /logout, the operator console, and a signed-in page the server does not
 * render for a session): empty, rendered in the browser.
 */
export function renderShell(template: string, manifests: Manifests): string {
  return withHead(template, 'Engage Panel', `<script>${routePreloadScript(manifests.app)}</script>`)
}
