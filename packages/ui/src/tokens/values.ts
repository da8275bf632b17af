import { reducedMotion } from './scale'
import type { Theme } from './theme'
import { darkThemeValues, lightThemeValues } from './themeValues'

/**
 * The raw value of every token in each theme, as data (the themes' classes assign these same objects). For
 * documentation and checks that need the numbers, such as the Storybook Foundations pages; components style
 * themselves with `vars`, never with these.
 */
export const tokenValues: Record<Theme, typeof darkThemeValues> = {
  dark: darkThemeValues,
  light: lightThemeValues,
}

/** The motion durations when the user asks the system for less motion. */
export const reducedMotionValues = reducedMotion
