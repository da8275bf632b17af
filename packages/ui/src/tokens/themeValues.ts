import {
  darkColors,
  darkShadows,
  lightColors,
  lightShadows,
  type ThemeColors,
  type ThemeShadows,
} from './palette'
import { motion, radius, space, typography, zIndex } from './scale'

function themeValues(color: ThemeColors, shadow: ThemeShadows) {
  return { color, space, radius, typography, shadow, zIndex, motion }
}

export const darkThemeValues = themeValues(darkColors, darkShadows)
export const lightThemeValues = themeValues(lightColors, lightShadows)
