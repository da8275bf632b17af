import { createVar, globalStyle, style } from '@vanilla-extract/css'
import { vars } from '@engage/ui'

// The shadow host takes nothing from the page: every property (inherited ones included: font, colour, letter
// spacing, text transform...) starts from its initial value. A page rule on the element itself still wins over
// :host (the outer context wins for normal declarations), which keeps the element's own box (width, margin)
// the partner's to place; the inner root below resets again, where no page rule can reach. Custom properties
// are not reset by `all`: the page's --engage-* properties reach the widget, and nothing else does.
globalStyle(':host', { all: 'initial', display: 'block' })

// Theming for partners, through custom properties set on the element (or any ancestor):
//   --engage-accent       the Order button, the focus ring and the checked controls
//   --engage-accent-hover the Order button hovered and pressed (defaults to --engage-accent)
//   --engage-on-accent    text on the accent (choose it for 4.5:1 against the accent)
//   --engage-radius       the corners of the fields, the button and the widget's box
//   --engage-font         the font family
// The theme's own values are kept on the outer element (below) so that the inner one can fall back to them: a
// custom property cannot fall back to its own inherited value.
const theme = {
  accent: createVar(),
  accentHover: createVar(),
  accentPressed: createVar(),
  onAccent: createVar(),
  focusRing: createVar(),
  radiusSmall: createVar(),
  radiusMedium: createVar(),
  radiusLarge: createVar(),
  font: createVar(),
}

/** The outer element, with the theme's class: the theme's values, before the page's replace them. */
export const widgetTheme = style({
  vars: {
    [theme.accent]: vars.color.accent,
    [theme.accentHover]: vars.color.accentHover,
    [theme.accentPressed]: vars.color.accentPressed,
    [theme.onAccent]: vars.color.onAccent,
    [theme.focusRing]: vars.color.focusRing,
    [theme.radiusSmall]: vars.radius.small,
    [theme.radiusMedium]: vars.radius.medium,
    [theme.radiusLarge]: vars.radius.large,
    [theme.font]: vars.typography.fontFamily.body,
  },
})

const accent = `var(--engage-accent, ${theme.accent})`
const radius = (fallback: string) => `var(--engage-radius, ${fallback})`

/** The widget's root inside the shadow root (part `root`): the theme's surface, type and colours. */
export const widgetRoot = style({
  vars: {
    [vars.color.accent]: accent,
    [vars.color.accentHover]: `var(--engage-accent-hover, var(--engage-accent, ${theme.accentHover}))`,
    [vars.color.accentPressed]: `var(--engage-accent-hover, var(--engage-accent, ${theme.accentPressed}))`,
    [vars.color.onAccent]: `var(--engage-on-accent, ${theme.onAccent})`,
    [vars.color.focusRing]: `var(--engage-accent, ${theme.focusRing})`,
    [vars.radius.small]: radius(theme.radiusSmall),
    [vars.radius.medium]: radius(theme.radiusMedium),
    [vars.radius.large]: radius(theme.radiusLarge),
    [vars.typography.fontFamily.body]: `var(--engage-font, ${theme.font})`,
  },
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

/** The message in place of the form while the services cannot be loaded (part `unavailable`). */
export const unavailable = style({
  paddingBlock: vars.space.small,
})
