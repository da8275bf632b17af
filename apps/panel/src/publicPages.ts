import type { ComponentType } from 'react'

// The public pages as the prerendered HTML and the public entry know them: each is its own chunk.
// The same modules are routes of the app (routes.tsx), which renders them when a signed-in user navigates
// back to a public page.

export const publicPages = {
  '/': () => import('./pages/LandingPage'),
  '/about': () => import('./pages/AboutPage'),
  '/privacy': () => import('./pages/PrivacyPage'),
  '/terms': () => import('./pages/TermsPage'),
  '/security': () => import('./pages/SecurityPage'),
  '/services': () => import('./pages/ServicesPage'),
} satisfies Record<string, () => Promise<{ default: ComponentType }>>

export type PublicPath = keyof typeof publicPages

/** The public pages that are prerendered to HTML at build time and refreshed by the server at start. */
export const prerenderedPaths = Object.keys(publicPages) as PublicPath[]

/** The public page a path shows: its own, or the landing page for any unknown path. */
export function publicPathOf(pathname: string): PublicPath {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname
  return path in publicPages ? (path as PublicPath) : '/'
}
