// @engage/widget for React partner sites: the order widget as a component. Pages without React embed the
// built loader instead (<script src=".../widget/loader.js" async></script> and <engage-order-widget>).
// Published as a built ES module (scripts/build-package.mjs): what this file exports is the package's API.
import './zodConfig'

export { OrderWidget, type OrderWidgetProps } from './OrderWidget'
export { WIDGET_ORDER_LABEL } from './WidgetContent'
export {
  WIDGET_EVENTS,
  type WidgetErrorDetail,
  type WidgetErrorReason,
  type WidgetOrderDetail,
  type WidgetReadyDetail,
} from './events'
export {
  dashboardLink,
  WIDGET_DEFAULT_THEME,
  WIDGET_ELEMENT_NAME,
  WIDGET_PANEL_LINK,
  WIDGET_TRY_AGAIN,
  WIDGET_UNAVAILABLE,
  widgetAttributes,
  widgetThemes,
  type WidgetAttribute,
  type WidgetOrder,
  type WidgetTheme,
} from './options'
