import { createTheme } from '@vanilla-extract/css'
import { darkThemeValues } from './themeValues'
import { vars } from './vars.css'

/** Class that applies the dark theme (the product's default) to an element and its subtree. */
export const darkTheme = createTheme(vars, darkThemeValues, 'darkTheme')
