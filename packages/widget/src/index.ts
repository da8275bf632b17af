// @engage/widget for React partner sites: the order widget as a component. Pages without React embed the
// built loader instead (<script src=".../widget/loader.js" async></script> and <engage-order-widget>).
import './zodConfig'

export { OrderWidget, type OrderWidgetProps } from './OrderWidget'
export { WidgetContent, WIDGET_ORDER_LABEL, type WidgetContentProps } from './WidgetContent'
export {
  dashboardLink,
  optionsFromAttributes,
  WIDGET_DEFAULT_THEME,
  WIDGET_ELEMENT_NAME,
  widgetAttributes,
  widgetThemes,
  type WidgetAttribute,
  type WidgetOptions,
  type WidgetOrder,
} from './options'
