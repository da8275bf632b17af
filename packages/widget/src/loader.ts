// The loader (dist/loader.js, served at a stable URL with a short cache): the one script tag partners add.
// It defines <engage-order-widget> and imports the widget bundle only when such an element is on the page and
// near the viewport, so a page that never scrolls to the widget never downloads the bundle (React, the design
// system and the OrderForm). When the bundle cannot be loaded it shows a message with a link into the panel and
// tries again, waiting longer each time. Kept to a couple of KB: it imports only the attribute and event rules.
// (When the loader itself cannot be loaded, the element shows the fallback content the page put inside it.)

import type { MountedWidget, WidgetBundle } from './mount'
import { dispatchWidgetEvent, retryDelayMs, WIDGET_EVENTS, type WidgetErrorDetail } from './events'
import {
  optionsFromAttributes,
  panelEntryLink,
  WIDGET_ELEMENT_NAME,
  WIDGET_PANEL_LINK,
  WIDGET_TRY_AGAIN,
  WIDGET_UNAVAILABLE,
  widgetAttributes,
} from './options'

/** The bundle's file, relative to the loader (defined by scripts/build.mjs: 'assets/widget-<hash>.js'). */
declare const __ENGAGE_WIDGET_BUNDLE__: string

// A classic script knows its own address only while it first runs; the API, the panel and the bundle all
// default to that origin.
const scriptUrl = (document.currentScript as HTMLScriptElement | null)?.src || location.href
const scriptOrigin = new URL(scriptUrl).origin
const bundleUrl = new URL(__ENGAGE_WIDGET_BUNDLE__, scriptUrl).href
// The server's stable module that re-exports the current bundle: for a loader cached before a deploy, whose
// bundle the server no longer has.
const currentBundleUrl = new URL('current.js', scriptUrl).href

const importBundle = (url: string) => import(/* @vite-ignore */ url) as Promise<WidgetBundle>
let bundle: Promise<WidgetBundle> | undefined
let failures = 0
// A browser remembers a module it failed to fetch: a later try asks for another address (?retry=n).
const loadBundle = () =>
  (bundle ??= importBundle(failures ? `${bundleUrl}?retry=${failures}` : bundleUrl)
    .catch(() => importBundle(failures ? `${currentBundleUrl}?retry=${failures}` : currentBundleUrl))
    .catch((error: unknown) => {
      bundle = undefined
      failures++
      throw error
    }))

// The message in place of the widget while its code cannot be loaded, styled without the bundle: the theme's
// surface and text, the page's --engage-* accent, radius and font.
const unavailableCss =
  ':host{display:block}div{box-sizing:border-box;padding:16px;border:thin solid #334155;' +
  'border-radius:var(--engage-radius,12px);background:#111827;color:#f3f4f6;' +
  'font:16px/1.5 var(--engage-font,system-ui,sans-serif)}' +
  'a{color:var(--engage-accent,#93c5fd);margin-inline-end:16px}button{font:inherit;color:inherit;background:none;' +
  'border:thin solid currentColor;border-radius:var(--engage-radius,4px);padding:2px 12px;cursor:pointer}' +
  ':host([theme=light i]) div{background:#fff;color:#0f172a;border-color:#e2e8f0}' +
  ':host([theme=light i]) a{color:var(--engage-accent,#1d4ed8)}'
let unavailableSheet: CSSStyleSheet | undefined

// "Near" the viewport: within a screen's height below it, so the widget is ready when it scrolls into view.
const nearViewport = new IntersectionObserver(
  (entries) => {
    for (const entry of entries) {
      if (entry.isIntersecting) {
        nearViewport.unobserve(entry.target)
        ;(entry.target as EngageOrderWidget).start()
      }
    }
  },
  { rootMargin: '100% 0px' },
)

class EngageOrderWidget extends HTMLElement {
  static observedAttributes = widgetAttributes
  private widget: MountedWidget | undefined
  private retry: ReturnType<typeof setTimeout> | undefined

  connectedCallback() {
    nearViewport.observe(this)
  }

  disconnectedCallback() {
    nearViewport.unobserve(this)
    clearTimeout(this.retry)
    this.widget?.unmount()
    this.widget = undefined
  }

  attributeChangedCallback() {
    this.widget?.update(this.options())
  }

  private options() {
    return optionsFromAttributes((name) => this.getAttribute(name), scriptOrigin)
  }

  start() {
    loadBundle().then(
      ({ mount }) => {
        if (!this.isConnected || this.widget) return
        const root = this.shadowRoot ?? this.attachShadow({ mode: 'open' })
        root.replaceChildren()
        root.adoptedStyleSheets = []
        this.widget = mount(root, this.options())
      },
      (error: unknown) => {
        if (!this.isConnected) return
        const retryInMs = retryDelayMs(failures)
        this.showUnavailable()
        dispatchWidgetEvent<WidgetErrorDetail>(this, WIDGET_EVENTS.error, {
          reason: 'bundle',
          message: String(error),
          retryInMs,
        })
        clearTimeout(this.retry)
        this.retry = setTimeout(() => this.start(), retryInMs)
      },
    )
  }

  /** A compact message with a link into the panel and a button that tries again at once. */
  private showUnavailable() {
    const root = this.shadowRoot ?? this.attachShadow({ mode: 'open' })
    if (!unavailableSheet) {
      unavailableSheet = new CSSStyleSheet()
      unavailableSheet.replaceSync(unavailableCss)
    }
    root.adoptedStyleSheets = [unavailableSheet]
    const box = document.createElement('div')
    box.setAttribute('role', 'alert')
    box.setAttribute('part', 'unavailable')
    const link = document.createElement('a')
    link.href = panelEntryLink(this.options().panelUrl, this.options().service)
    link.textContent = WIDGET_PANEL_LINK
    const button = document.createElement('button')
    button.type = 'button'
    button.textContent = WIDGET_TRY_AGAIN
    button.onclick = () => {
      clearTimeout(this.retry)
      this.start()
    }
    box.append(WIDGET_UNAVAILABLE, document.createElement('br'), link, button)
    root.replaceChildren(box)
  }
}

if (!customElements.get(WIDGET_ELEMENT_NAME)) customElements.define(WIDGET_ELEMENT_NAME, EngageOrderWidget)
