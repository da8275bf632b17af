// The widget bundle (dist/assets/widget-<hash>.js): the design system and the OrderForm, rendered by React
// and React DOM. The loader imports it when a widget element comes near the viewport and calls
// `mount`.
import './zodConfig'

export { mount } from './mount'
