import { globalStyle, style } from '@vanilla-extract/css'
import { vars } from '@engage/ui'

// The shadow host takes nothing from the page: every property (inherited ones included: font, colour, letter
// spacing, text transform...) starts from its initial value. A page rule on the element itself still wins over
// :host (the outer context wins for normal declarations), which keeps the element's own box (width, margin)
// the partner's to place; the inner root below resets again, where no page rule can reach.
globalStyle(':host', { all: 'initial', display: 'block' })

/** The widget's root inside the shadow root: the theme's surface, type and colours. */
export const widgetRoot = style({
  all: 'initial',
  display: 'block',
  boxSizing: 'border-box',
  padding: vars.space.large,
  border: `thin solid ${vars.color.border}`,
  borderRadius: vars.radius.large,
  backgroundColor: vars.color.surface,
  color: vars.color.text,
  fontFamily: vars.typography.fontFamily.body,
  fontSize: vars.typography.fontSize.medium,
  lineHeight: vars.typography.lineHeight.normal,
  textAlign: 'start',
  WebkitFontSmoothing: 'antialiased',
})
