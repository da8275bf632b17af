import { darkTheme } from './darkTheme.css'
import { lightTheme } from './lightTheme.css'

export const themes = ['dark', 'light'] as const
export type Theme = (typeof themes)[number]

/** The theme a first visit gets (spec: "The page defaults to dark unless a saved preference exists"). */
export const defaultTheme: Theme = 'dark'

/** The vanilla-extract class of each theme. */
export const themeClassNames: Record<Theme, string> = { dark: darkTheme, light: lightTheme }

/**
 * Applies a theme to an element (the page root in the app): its theme class, a plain `dark` class when dark
 * (the product applies dark mode "as a class on the page root"), `data-theme` and the browser colour scheme.
 */
export function applyTheme(element: HTMLElement, theme: Theme): void {
  element.classList.remove(darkTheme, lightTheme, 'dark')
  element.classList.add(themeClassNames[theme])
  if (theme === 'dark') element.classList.add('dark')
  element.dataset.theme = theme
  element.style.colorScheme = theme
}

/** Reads the theme currently applied to an element; the default when none is. */
export function readTheme(element: HTMLElement): Theme {
  return element.classList.contains(lightTheme) ? 'light' : defaultTheme
}
