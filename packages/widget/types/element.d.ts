// Types for pages that embed <engage-order-widget> with the loader script: the element and its events.
// `import type {} from '@engage/widget/element'` (or a triple-slash reference to this file) adds them to
// document.querySelector, addEventListener and, in React, JSX.

/** engage:ready's detail: the widget is usable (its services have arrived). */
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

/** The widget's events; all bubble and cross the shadow boundary. engage:order is cancelable. */
export interface EngageOrderWidgetEventMap {
  'engage:ready': CustomEvent<WidgetReadyDetail>
  'engage:order': CustomEvent<WidgetOrderDetail>
  'engage:error': CustomEvent<WidgetErrorDetail>
}

/** The element's attributes. */
export interface EngageOrderWidgetAttributes {
  /** Origin (and optional path prefix) of the API; defaults to the loader's origin. */
  'api-base'?: string
  /** Origin of the panel the Order button opens; defaults to the loader's origin. */
  'panel-url'?: string
  /** Service name to preselect, e.g. 'likes'. */
  service?: string
  /** 'dark' (the default) or 'light'. */
  theme?: 'dark' | 'light'
}

/** <engage-order-widget>. */
export interface EngageOrderWidgetElement extends HTMLElement {
  addEventListener<K extends keyof EngageOrderWidgetEventMap>(
    type: K,
    listener: (this: EngageOrderWidgetElement, event: EngageOrderWidgetEventMap[K]) => void,
    options?: boolean | AddEventListenerOptions,
  ): void
  addEventListener(
    type: string,
    listener: EventListenerOrEventListenerObject,
    options?: boolean | AddEventListenerOptions,
  ): void
  removeEventListener<K extends keyof EngageOrderWidgetEventMap>(
    type: K,
    listener: (this: EngageOrderWidgetElement, event: EngageOrderWidgetEventMap[K]) => void,
    options?: boolean | EventListenerOptions,
  ): void
  removeEventListener(
    type: string,
    listener: EventListenerOrEventListenerObject,
    options?: boolean | EventListenerOptions,
  ): void
}

declare global {
  interface HTMLElementTagNameMap {
    'engage-order-widget': EngageOrderWidgetElement
  }
  // The events bubble: a page may listen on the document or any container.
  interface GlobalEventHandlersEventMap extends EngageOrderWidgetEventMap {}
}
