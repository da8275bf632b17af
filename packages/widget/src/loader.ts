// The loader (dist/loader.js, served at a stable URL with a short cache): the one script tag partners add.
// It defines <engage-order-widget> and imports the widget bundle only when such an element is on the page and
// near the viewport, so a page that never scrolls to the widget never downloads the bundle (React, the design
// system and the OrderForm). Kept to a few hundred bytes: it imports nothing but the attribute rules.

import type { MountedWidget, WidgetBundle } from './mount'
import { optionsFromAttributes, WIDGET_ELEMENT_NAME, widgetAttributes } from './options'

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
const loadBundle = () => (bundle ??= importBundle(bundleUrl).catch(() => importBundle(currentBundleUrl)))

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

  connectedCallback() {
    nearViewport.observe(this)
  }

  disconnectedCallback() {
    nearViewport.unobserve(this)
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
        this.widget = mount(this.shadowRoot ?? this.attachShadow({ mode: 'open' }), this.options())
      },
      (error: unknown) => console.error('Engage order widget: could not load', currentBundleUrl, error),
    )
  }
}

if (!customElements.get(WIDGET_ELEMENT_NAME)) customElements.define(WIDGET_ELEMENT_NAME, EngageOrderWidget)
