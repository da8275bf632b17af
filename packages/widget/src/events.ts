// The events a widget dispatches on its element for the host page: DOM CustomEvents that bubble and cross the
// shadow boundary (composed), so a page may listen on the element, on a container or on the document. Plain
// DOM, no React: the loader dispatches engage:error itself when the bundle cannot be loaded.

/** The events' names. */
export const WIDGET_EVENTS = {
  /** The widget is usable: the services have arrived and the form is shown. */
  ready: 'engage:ready',
  /** The customer pressed Order with valid values; cancelable (preventDefault keeps the customer on the page). */
  order: 'engage:order',
  /** The widget could not load its code or its services; it shows a message with a link to the panel and retries. */
  error: 'engage:error',
} as const

/** engage:ready's detail. */
export interface WidgetReadyDetail {
  /** How many services the customer can choose from. */
  services: number
}

/** engage:order's detail: what the customer is about to order. */
export interface WidgetOrderDetail {
  /** The service's name ('likes'). */
  service: string
  /** The link to the post or profile the order is for. */
  link: string
  quantity: number
  /** The total as the panel shows it ('$1.2000'). */
  total: string
  /** The panel's dashboard with the order prefilled, where the Order button takes the customer. */
  panelLink: string
}

/** What could not be loaded: the widget's code (the bundle) or the service list (the API). */
export type WidgetErrorReason = 'bundle' | 'services'

/** engage:error's detail. */
export interface WidgetErrorDetail {
  reason: WidgetErrorReason
  /** The failure, for the page's logs. */
  message: string
  /** When the widget tries again, in milliseconds. */
  retryInMs: number
}

/** The wait before a widget's next try after `failures` failed ones: 2 s, 4 s, 8 s... up to a minute. */
export function retryDelayMs(failures: number): number {
  return Math.min(60_000, 1000 * 2 ** Math.max(1, failures))
}

/**
 * Dispatches one of the widget's events on its element; false when a listener called preventDefault (only
 * engage:order is cancelable).
 */
export function dispatchWidgetEvent<Detail>(target: EventTarget, type: string, detail: Detail): boolean {
  return target.dispatchEvent(
    new CustomEvent(type, {
      detail,
      bubbles: true,
      composed: true,
      cancelable: type === WIDGET_EVENTS.order,
    }),
  )
}
