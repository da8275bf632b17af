import { createTheme } from '@vanilla-extract/css'
import { lightThemeValues } from './themeValues'
import { vars } from './vars.css'

/** Class that applies the light theme to an element and its subtree. */
export const lightTheme = createTheme(vars, lightThemeValues, 'lightTheme')
