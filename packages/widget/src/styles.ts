// The widget's stylesheet goes into its shadow root, never into the page's <head>: the design system's
// vanilla-extract CSS, compiled to one string at build time (scripts/build.mjs defines __ENGAGE_WIDGET_CSS__),
// adopted as a constructable stylesheet. Adopted sheets are not subject to the page's CSP style-src (a <style>
// element would be), so the widget works on a page whose policy allows our origin and nothing inline.

declare const __ENGAGE_WIDGET_CSS__: string | undefined

/**
 * Outside the widget build (Storybook, its static build, Vite dev) the design system's CSS is in the document:
 * as <style data-vite-dev-id> elements in development, as same-origin stylesheet files in a built Storybook.
 * The widget copies the rules of those, and of nothing else (a page's own styles stay out of its shadow root).
 */
function documentCss(): string {
  const ours = (sheet: CSSStyleSheet): boolean => {
    const owner = sheet.ownerNode
    if (owner instanceof HTMLStyleElement) return owner.hasAttribute('data-vite-dev-id')
    if (!(owner instanceof HTMLLinkElement) || !sheet.href) return false
    const url = new URL(sheet.href)
    return url.origin === window.location.origin && url.pathname.endsWith('.css')
  }
  return [...document.styleSheets]
    .filter(ours)
    .map((sheet) => [...sheet.cssRules].map((rule) => rule.cssText).join('\n'))
    .join('\n')
}

/**
 * The design system sizes type and space in rem, which inside a shadow root still means the page's root font
 * size (a partner page at 22px would enlarge the widget): the widget's copy is in px, at the 16px the rem values
 * were chosen for.
 */
export function remToPx(css: string): string {
  return css.replace(/(?<![\w.-])(-?\d*\.?\d+)rem(?![\w-])/g, (_, value: string) => `${Number(value) * 16}px`)
}

/**
 * react-aria's press handling puts one rule into the page's <head> as an inline <style> element, which a strict
 * page policy refuses (a reported violation) and which would be the widget's only mark on the page's styles.
 * It looks for an element with this id first: the widget puts an inert <meta> there instead, and the rule itself
 * into its own stylesheet.
 */
const PRESSABLE_STYLE_ID = 'react-aria-pressable-style'
const pressableRule = '@layer { [data-react-aria-pressable] { touch-action: pan-x pan-y pinch-zoom; } }'

function claimPressableStyle(): void {
  if (document.getElementById(PRESSABLE_STYLE_ID)) return
  const marker = document.createElement('meta')
  marker.id = PRESSABLE_STYLE_ID
  marker.name = 'engage-order-widget'
  document.head.append(marker)
}

let sheet: CSSStyleSheet | undefined

/** One shared sheet for every widget on the page (a sheet may be adopted by any number of shadow roots). */
function widgetStyleSheet(): CSSStyleSheet {
  if (!sheet) {
    const css = typeof __ENGAGE_WIDGET_CSS__ === 'string' ? __ENGAGE_WIDGET_CSS__ : documentCss()
    sheet = new CSSStyleSheet()
    sheet.replaceSync(`${remToPx(css)}\n${pressableRule}`)
  }
  return sheet
}

/** Adds the widget's stylesheet to a shadow root (once). */
export function adoptWidgetStyles(root: ShadowRoot): void {
  claimPressableStyle()
  const widgetSheet = widgetStyleSheet()
  if (!root.adoptedStyleSheets.includes(widgetSheet)) {
    root.adoptedStyleSheets = [...root.adoptedStyleSheets, widgetSheet]
  }
}
