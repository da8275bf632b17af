import { matchRoutes, type RouteObject } from 'react-router'
import { lazyPage, type LazyPage } from './lazyPage'
import { publicPages } from './publicPages'
import { RequireAuth } from './RequireAuth'

// The panel's routes. Every page is its own chunk; the signed-in pages share the layout chunk (AppShell). The
// public pages arrive prerendered with their own entry (public.tsx); the app renders them after a navigation.

/** The path that ends the session (LogoutPage). */
export const LOGOUT_PATH = '/logout'

const LandingPage = lazyPage(publicPages['/'])
const AboutPage = lazyPage(publicPages['/about'])
const PrivacyPage = lazyPage(publicPages['/privacy'])
const TermsPage = lazyPage(publicPages['/terms'])
const SecurityPage = lazyPage(publicPages['/security'])
const ServicesRoutePage = lazyPage(() => import('./pages/ServicesRoutePage'))
const AuthPage = lazyPage(() => import('./pages/AuthPage'))
const LogoutPage = lazyPage(() => import('./pages/LogoutPage'))
const SignedInLayout = lazyPage(() => import('./pages/SignedInLayout'))
const DashboardPage = lazyPage(() => import('./pages/DashboardPage'))
const OrdersRoutePage = lazyPage(() => import('./pages/OrdersRoutePage'))
const WalletPage = lazyPage(() => import('./pages/WalletPage'))
const AnalyticsPage = lazyPage(() => import('./pages/AnalyticsPage'))
const SettingsPage = lazyPage(() => import('./pages/SettingsPage'))
const SupportPage = lazyPage(() => import('./pages/SupportPage'))
const NotificationsRoutePage = lazyPage(() => import('./pages/NotificationsRoutePage'))
const AffiliatesPage = lazyPage(() => import('./pages/AffiliatesPage'))
const InvitationRoutePage = lazyPage(() => import('./pages/InvitationRoutePage'))
const AdminPage = lazyPage(() => import('./pages/AdminPage'))

function page(path: string | undefined, Page: LazyPage, children?: RouteObject[]): RouteObject {
  return { path, element: <Page />, handle: { preload: Page.preload }, children }
}

export const routes: RouteObject[] = [
  page('/', LandingPage),
  page('/about', AboutPage),
  page('/privacy', PrivacyPage),
  page('/terms', TermsPage),
  page('/security', SecurityPage),
  // Public, and the signed-in sidebar's Services: one path, the layout chosen by whether a session exists.
  page('/services', ServicesRoutePage),
  page('/auth', AuthPage),
  page(LOGOUT_PATH, LogoutPage),
  {
    element: <RequireAuth />,
    handle: { guard: true },
    children: [
      page(undefined, SignedInLayout, [
        page('/dashboard', DashboardPage),
        page('/orders', OrdersRoutePage),
        page('/wallet', WalletPage),
        page('/analytics', AnalyticsPage),
        page('/settings', SettingsPage),
        page('/support', SupportPage),
        page('/support/:ticketId', SupportPage),
        page('/notifications', NotificationsRoutePage),
        page('/affiliates', AffiliatesPage),
        page('/invitation/:token', InvitationRoutePage),
      ]),
      page('/admin/*', AdminPage),
    ],
  },
  // Any unknown path shows the landing page.
  page('*', LandingPage),
]

interface RouteHandle {
  preload?: () => Promise<void>
  /** The guard of the signed-in pages: behind it nothing is worth loading for a signed-out visitor. */
  guard?: boolean
}

/** The handles of the routes the path matches, outermost first. */
function handlesOf(pathname: string): RouteHandle[] {
  return (matchRoutes(routes, pathname) ?? []).map((match) => (match.route.handle ?? {}) as RouteHandle)
}

/** Loads the chunks of every page the path shows, so the first render needs no Suspense fallback. */
export async function preloadRoute(pathname: string, signedIn: boolean): Promise<void> {
  const loads: Promise<void>[] = []
  for (const handle of handlesOf(pathname)) {
    if (handle.guard && !signedIn) break
    if (handle.preload) loads.push(handle.preload())
  }
  await Promise.all(loads)
}

/** Whether the path shows a signed-in page (behind the guard): a page that needs the current user at once. */
export function isSignedInPath(pathname: string): boolean {
  return handlesOf(pathname).some((handle) => handle.guard === true)
}
