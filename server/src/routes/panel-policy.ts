import { createHash } from 'node:crypto'
import { POLICY_DIRECTIVES } from '../http/security'

// The Content-Security-Policy of the panel's pages (panel.ts, signed-in-page.ts).

/** 'sha256-…' sources for the contents of the page's inline elements of one kind. */
function inlineHashes(html: string, element: RegExp): string[] {
  return [...html.matchAll(element)].map(
    (match) =>
      `'sha256-${createHash('sha256')
        .update(match[1] ?? '', 'utf8')
        .digest('base64')}'`,
  )
}

/** What a page rendered for each request adds to its policy. */
export interface RenderedPagePolicy {
  /** Allows the scripts React's stream adds (they carry it). */
  nonce: string
}

/**
 * The page's Content-Security-Policy: the server's own (http/security.ts) with the page's inline theme script
 * and inline stylesheet allowed by their hashes. The JSON data script is not executed. A page rendered for its
 * request (`rendered`: a signed-in page) also allows the scripts React's stream adds, by the page's nonce, and
 * style attributes: React Aria's visually hidden elements (a progress bar's, a table's) style themselves with
 * one, which the browser would otherwise drop from the HTML, showing them until the page is rendered again.
 * Style elements stay limited to the page's own.
 */
export function pagePolicy(html: string, rendered?: RenderedPagePolicy): string {
  const scripts = [
    ...inlineHashes(html, /<script>([\s\S]*?)<\/script>/g),
    ...(rendered ? [`'nonce-${rendered.nonce}'`] : []),
  ]
  const styles = inlineHashes(html, /<style[^>]*>([\s\S]*?)<\/style>/g)
  return POLICY_DIRECTIVES.flatMap((directive) => {
    if (directive.startsWith('script-src ')) return [[directive, ...scripts].join(' ')]
    if (directive.startsWith('style-src ')) {
      return [[directive, ...styles].join(' '), ...(rendered ? ["style-src-attr 'unsafe-inline'"] : [])]
    }
    return [directive]
  }).join('; ')
}
