import { themeBootScript } from './theme'

// The pieces of HTML the server render puts into Vite's pages (entry-server.tsx, signedInPage.tsx).

function escapeHtml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;')
}

/** The id react-aria's usePress looks for before it inserts its inline <style> (pressable.css). */
const PRESSABLE_STYLE_ID = 'react-aria-pressable-style'

export function withHead(template: string, title: string, extraHead: string): string {
  return template
    .replace('<link rel="stylesheet"', `<link id="${PRESSABLE_STYLE_ID}" rel="stylesheet"`)
    .replace(/<title>[^<]*<\/title>/, `<title>${escapeHtml(title)}</title>`)
    .replace('<!--app-head-->', `<script>${themeBootScript()}</script>${extraHead}`)
}

/**
 * The stylesheet link replaced by the stylesheet itself (a few KB): a prerendered page then paints from its
 * HTML alone, without waiting for one more request. The server allows the style element by its hash.
 */
export function withInlineStylesheet(html: string, stylesheets: Record<string, string>): string {
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

/** Inline-script code: a function that adds a `<link rel="modulepreload">` for the address it is given. */
export const ADD_MODULE_PRELOAD =
  "function(h){var l=document.createElement('link');l.rel='modulepreload';l.crossOrigin='';l.href=h;" +
  'document.head.appendChild(l)}'
