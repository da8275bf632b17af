// How a page's HTML is put together from Vite's index.html: the placeholders `<!--app-head-->`,
// `<!--app-html-->` and `<!--app-state-->`, filled by the server render (entry-server.tsx). Shared by the browser entry (the id of
// the data script) and the render.

import { LAYOUT_BREAKPOINT_PX, type ContactMethod } from '@engage/contract'

/** The JSON script that carries a prerendered page's data to the browser. */
export const STATE_ELEMENT_ID = 'engage-state'

/** What that script holds: the data the page was rendered with, so hydration renders the same. */
export interface PageState {
  /** GET /api/get-services as rendered (service name → price per unit in USD); null when rendered without. */
  prices: Record<string, number> | null
  /**
   * The operator's contact methods as rendered (GET /api/contact-methods); null when rendered without (a build
   * copy), then the page loads them.
   */
  contactMethods: ContactMethod[] | null
  /** When it was rendered (ms since the epoch). */
  renderedAt: number
}

/** The media query of the wide layout (sidebar beside the page), as the layout itself asks it. */
export const WIDE_LAYOUT_QUERY = `(min-width: ${String(LAYOUT_BREAKPOINT_PX)}px)`

/** The JSON script that carries the data of a signed-in page rendered on the server (signedInPage.tsx). */
export const SIGNED_IN_STATE_ELEMENT_ID = 'engage-signed-in'

/** What that script holds: what the page was rendered with, so that hydration renders the same. */
export interface SignedInPageState {
  /** The API's answers the render used, by path (the current user): the browser's client takes them first. */
  answers: Record<string, string>
  /** The theme it was rendered in (its cookie's). */
  theme: 'dark' | 'light'
  /** Whether the layout was rendered wide. */
  wide: boolean
  /** The newest live update when its data was read (none yet: null): the browser's stream starts after it. */
  liveEventId: string | null
}

/** Vite's client manifest: one entry per source module that became a chunk. */
export type Manifest = Record<string, { file: string; imports?: string[]; css?: string[]; isEntry?: boolean }>

/** The manifests of the two browser builds (dist/client/.vite/manifest-app.json, manifest-public.json). */
export interface Manifests {
  app: Manifest
  public: Manifest
}

/** The chunk of a module and every chunk it imports statically, in load order, without duplicates. */
export function staticChunks(manifest: Manifest, key: string, seen = new Set<string>()): string[] {
  if (seen.has(key)) return []
  seen.add(key)
  const entry = manifest[key]
  if (!entry) throw new Error(`${key} is not in the Vite manifest`)
  return [...(entry.imports ?? []).flatMap((imported) => staticChunks(manifest, imported, seen)), entry.file]
}
