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

const MODULE_PRELOAD = /<link rel="modulepreload" crossorigin href="([^"]+)">\s*/g
const MODULE_SCRIPT = /<script type="module" crossorigin src="([^"]+)"><\/script>\s*/g

/**
 * A prerendered page's scripts (the build's entry and its preloads, from the template, and the page's own
 * `pagePreloads`) asked for once the page has painted, by an inline script at the end of the body, instead of
 * from the head: the page's content is all in its HTML, and its first paint then neither waits on nor shares the
 * connection with the code that hydrates it. In a hidden tab, which paints nothing, they are asked for at once.
 */
export function withScriptsAfterFirstPaint(html: string, pagePreloads: string[]): string {
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
