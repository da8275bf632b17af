// @engage/widget: the order widget as a React component for React partner sites. Written by hand for the
// published package (test/publishedTypes.ts holds it to the sources).
import type { ReactElement } from 'react'
import type { WidgetErrorDetail, WidgetErrorReason, WidgetOrderDetail, WidgetReadyDetail } from './element'

export type { WidgetErrorDetail, WidgetErrorReason, WidgetOrderDetail, WidgetReadyDetail }

/** A widget theme. */
export type WidgetTheme = 'dark' | 'light'

/** What the Order button carries into the panel (the order form's valid values). */
export interface WidgetOrder {
  serviceType: string
  url: string
  quantity: number
}

export interface OrderWidgetProps {
  /** Origin (and optional path prefix) of the Engage Panel API. @default '' (the page's own origin) */
  apiBase?: string
  /** Origin of the Engage Panel the Order button opens. @default apiBase */
  panelUrl?: string
  /** Service name to preselect, e.g. 'likes'. */
  service?: string
  /** Colour theme. @default 'dark' */
  theme?: WidgetTheme
  /**
   * What the Order button does with the panel link. @default opens it in this tab. The host element also
   * dispatches engage:ready, engage:order and engage:error, as the custom element does.
   */
  onOrder?: (link: string, order: WidgetOrder) => void
  /** Class of the host element (its size and place on the page are the page's to style). */
  className?: string
}

/**
 * The order widget as a React component: the same widget as the `<engage-order-widget>` element, rendered into
 * a shadow root of its own so that the page's styles and the widget's stay apart.
 */
export declare function OrderWidget(props: OrderWidgetProps): ReactElement

/** The Order button's label. */
export declare const WIDGET_ORDER_LABEL: 'Order'

/** The events' names. */
export declare const WIDGET_EVENTS: {
  readonly ready: 'engage:ready'
  readonly order: 'engage:order'
  readonly error: 'engage:error'
}

/** The panel's dashboard with the order form prefilled: /dashboard?service=…&link=…&quantity=… */
export declare function dashboardLink(panelUrl: string, order: WidgetOrder): string

/** The default theme (the panel's). */
export declare const WIDGET_DEFAULT_THEME: WidgetTheme
/** The element's name on partner pages. */
export declare const WIDGET_ELEMENT_NAME: 'engage-order-widget'
/** The link beside the message a widget shows when it cannot load. */
export declare const WIDGET_PANEL_LINK: 'Order on Engage Panel'
/** The button beside that message. */
export declare const WIDGET_TRY_AGAIN: 'Try again'
/** The message a widget shows in place of the form when its code or its services cannot be loaded. */
export declare const WIDGET_UNAVAILABLE: 'Ordering is unavailable right now. Trying again shortly.'
/** The attributes the element reads. */
export declare const widgetAttributes: readonly ['api-base', 'panel-url', 'service', 'theme']
export type WidgetAttribute = (typeof widgetAttributes)[number]
/** The `theme` attribute's values. */
export declare const widgetThemes: readonly ['dark', 'light']
