// The widget's settings: the element's attributes (or the React component's props) and where the Order
// button takes the customer. Plain functions, no DOM or React, so node tests cover them.

import type { Theme } from '@engage/ui'

/** The message a widget shows in place of the form when its code or its services cannot be loaded. */
export const WIDGET_UNAVAILABLE = 'Ordering is unavailable right now. Trying again shortly.'
/** The link beside that message, into the panel. */
export const WIDGET_PANEL_LINK = 'Order on Engage Panel'
/** The button beside it that tries again at once. */
export const WIDGET_TRY_AGAIN = 'Try again'

/** The element's name on partner pages. */
export const WIDGET_ELEMENT_NAME = 'engage-order-widget'

/** The attributes the element reads; a change to any of them re-renders the widget. */
export const widgetAttributes = ['api-base', 'panel-url', 'service', 'theme'] as const
export type WidgetAttribute = (typeof widgetAttributes)[number]

/** What the widget needs to render. */
export interface WidgetOptions {
  /** Origin (and optional path prefix) of the API the services and prices come from. */
  apiBase: string
  /** Origin (and optional path prefix) of the panel the Order button opens. */
  panelUrl: string
  /** Service name preselected in Action Type ('likes'); undefined leaves the choice to the customer. */
  service: string | undefined
  theme: WidgetTheme
}

/**
 * The `theme` attribute's values: the ui package's themes. Listed here (type-checked against ui's) because the
 * loader imports this file and must not pull in the design system.
 */
export const widgetThemes = ['dark', 'light'] as const satisfies readonly Theme[]
/** A widget theme: one of the design system's. */
export type WidgetTheme = (typeof widgetThemes)[number]

/** The default theme, as the panel's (dark). */
export const WIDGET_DEFAULT_THEME: WidgetTheme = 'dark'

function isTheme(value: string | null | undefined): value is WidgetTheme {
  return (widgetThemes as readonly (string | null | undefined)[]).includes(value)
}

/** A base URL without trailing slashes ('' stays '': the page's own origin). */
function withoutTrailingSlash(url: string): string {
  return url.replace(/\/+$/, '')
}

/**
 * The options from an element's attributes. `api-base` and `panel-url` default to the origin the loader
 * script came from (the panel that serves it); an unknown `theme` falls back to dark.
 */
export function optionsFromAttributes(
  read: (name: WidgetAttribute) => string | null,
  scriptOrigin: string,
): WidgetOptions {
  const apiBase = withoutTrailingSlash(read('api-base')?.trim() || scriptOrigin)
  const panelUrl = withoutTrailingSlash(read('panel-url')?.trim() || scriptOrigin)
  const service = read('service')?.trim() || undefined
  const theme = read('theme')?.trim().toLowerCase()
  return { apiBase, panelUrl, service, theme: isTheme(theme) ? theme : WIDGET_DEFAULT_THEME }
}

/** What the Order button carries into the panel (the order form's valid values). */
export interface WidgetOrder {
  serviceType: string
  url: string
  quantity: number
}

/**
 * The panel's dashboard with the order form prefilled: /dashboard?service=…&link=…&quantity=… (the panel
 * reads these parameters, also after sending a signed-out visitor through sign-in).
 */
export function dashboardLink(panelUrl: string, order: WidgetOrder): string {
  const query = new URLSearchParams({
    service: order.serviceType,
    link: order.url,
    quantity: String(order.quantity),
  })
  return `${withoutTrailingSlash(panelUrl)}/dashboard?${query.toString()}`
}

/** The panel's dashboard with only the service prefilled: where a widget that cannot load sends the customer. */
export function panelEntryLink(panelUrl: string, service: string | undefined): string {
  const query = service === undefined ? '' : `?${new URLSearchParams({ service }).toString()}`
  return `${withoutTrailingSlash(panelUrl)}/dashboard${query}`
}
