import { coreEndpoints, STORAGE_KEYS } from '@engage/contract'
import { ADD_MODULE_PRELOAD } from './pageHtml'
import { staticChunks, type Manifest } from './document'
import { EARLY_ANSWERS_GLOBAL, ORDER_FORM_PAGES } from './earlyAnswers'

/** The signed-in pages whose chunks the shell preloads, by path: the layout's and the page's. */
const signedInPageModules: Record<string, string> = {
  '/dashboard': 'src/pages/DashboardPage.tsx',
  '/orders': 'src/pages/OrdersRoutePage.tsx',
  '/wallet': 'src/pages/WalletPage.tsx',
  '/settings': 'src/pages/SettingsPage.tsx',
  '/support': 'src/pages/SupportPage.tsx',
  '/notifications': 'src/pages/NotificationsRoutePage.tsx',
  '/affiliates': 'src/pages/AffiliatesPage.tsx',
  '/analytics': 'src/pages/AnalyticsPage.tsx',
}

const signedOutPageModules: Record<string, string> = {
  '/auth': 'src/pages/AuthPage.tsx',
  '/logout': 'src/pages/LogoutPage.tsx',
}

/** The chunks the modules load beyond the app's entry, as addresses. */
function routeChunks(manifest: Manifest, modules: string[]): string[] {
  const entryChunks = new Set(staticChunks(manifest, 'index.html'))
  const seen = new Set<string>()
  return modules
    .flatMap((module) => staticChunks(manifest, module, seen))
    .filter((file) => !entryChunks.has(file))
    .map((file) => `/${file}`)
}

/** The chunks of a signed-in page beyond the app's entry: the layout's and the page's (none for another path). */
export function signedInPageChunks(manifest: Manifest, pathname: string): string[] {
  const module = signedInPageModules[pathname]
  return module ? routeChunks(manifest, ['src/pages/SignedInLayout.tsx', module]) : []
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
  const chunksOf = (modules: string[]) => routeChunks(manifest, modules)
  const mapOf = (pages: Record<string, string>, layout: string[]) =>
    Object.fromEntries(Object.entries(pages).map(([path, module]) => [path, chunksOf([...layout, module])]))
  const signedIn = JSON.stringify(mapOf(signedInPageModules, ['src/pages/SignedInLayout.tsx']))
  const signedOut = JSON.stringify(mapOf(signedOutPageModules, []))
  const tokenKey = JSON.stringify(STORAGE_KEYS.authToken)
  const early = JSON.stringify(EARLY_ANSWERS_GLOBAL)
  const mePath = JSON.stringify(coreEndpoints.getMe.path)
  const servicesPath = JSON.stringify(coreEndpoints.getServices.path)
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
