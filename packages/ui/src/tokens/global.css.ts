import { assignVars, globalStyle } from '@vanilla-extract/css'
import { darkTheme } from './darkTheme.css'
import { lightTheme } from './lightTheme.css'
import { reducedMotion } from './scale'
import { darkThemeValues } from './themeValues'
import { vars } from './vars.css'

// Dark is the default: a page that has not applied a theme class yet (first paint, before the app's script
// runs) already renders dark. `:not(.light)` keeps this rule from fighting the light class on the same element.
globalStyle(`:root:not(${lightTheme})`, {
  vars: assignVars(vars, darkThemeValues),
  colorScheme: 'dark',
})

globalStyle(lightTheme, { colorScheme: 'light' })
globalStyle(darkTheme, { colorScheme: 'dark' })

// Motion tokens collapse to zero when the user asks for less motion, so every transition that uses them stops.
globalStyle(`:root, ${darkTheme}, ${lightTheme}`, {
  '@media': {
    '(prefers-reduced-motion: reduce)': {
      vars: assignVars(vars.motion.duration, reducedMotion.duration),
    },
  },
})

globalStyle('*, *::before, *::after', { boxSizing: 'border-box' })

globalStyle('body', {
  margin: 0,
  fontFamily: vars.typography.fontFamily.body,
  fontSize: vars.typography.fontSize.medium,
  lineHeight: vars.typography.lineHeight.normal,
  backgroundColor: vars.color.background,
  color: vars.color.text,
  WebkitFontSmoothing: 'antialiased',
})

globalStyle(':focus-visible', {
  outline: `2px solid ${vars.color.focusRing}`,
  outlineOffset: '2px',
})

globalStyle('button, input, select, textarea', { font: 'inherit', color: 'inherit' })
