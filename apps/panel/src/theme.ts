import { STORAGE_KEYS } from '@engage/contract'
import { defaultTheme, themeClassNames, type Theme } from '@engage/ui'
import { LAYOUT_COOKIE, SESSION_COOKIE, THEME_COOKIE, WRITE_COOKIE, writeThemeCookie } from './cookies'
import { WIDE_LAYOUT_QUERY } from './document'

// Dark mode: `darkMode` in localStorage, a boolean written as JSON; older copies of the panel
// wrote the string itself, so both spellings are read. Dark unless a saved preference says otherwise.

function parseDarkMode(stored: string | null): boolean | null {
  if (stored === null) return null
  const text = stored.replace(/^"|"$/g, '')
  if (text === 'true') return true
  if (text === 'false') return false
  return null
}

export function readStoredTheme(): Theme {
  if (typeof localStorage === 'undefined') return defaultTheme
  const dark = parseDarkMode(localStorage.getItem(STORAGE_KEYS.darkMode))
  return dark === null ? defaultTheme : dark ? 'dark' : 'light'
}

export function storeTheme(theme: Theme): void {
  localStorage.setItem(STORAGE_KEYS.darkMode, JSON.stringify(theme === 'dark'))
  writeThemeCookie(theme)
}

/**
 * A classic script for the page head that applies the saved theme before the first paint, as ui's applyTheme
 * does later (theme class, `dark` class, data-theme, colour scheme). Without it a light-mode visitor would see
 * the prerendered page dark until the bundle runs. It also copies the theme and the session's token into their
 * cookies (cookies.ts), or removes the session's when there is none, and writes which side of the layout's
 * breakpoint the window is on, now and whenever it crosses it, so that the next page load the server renders is
 * rendered for them at the width the browser will render it. The server allows it by its hash in the page's CSP.
 */
export function themeBootScript(): string {
  const classes = JSON.stringify(themeClassNames)
  const key = JSON.stringify(STORAGE_KEYS.darkMode)
  const tokenKey = JSON.stringify(STORAGE_KEYS.authToken)
  return (
    `(function(){var c=${classes},t='dark',w=${WRITE_COOKIE};try{var s=localStorage.getItem(${key});` +
    `if(s!==null&&s.replace(/^"|"$/g,'')==='false')t='light';` +
    `w(${JSON.stringify(SESSION_COOKIE)},localStorage.getItem(${tokenKey}));w(${JSON.stringify(THEME_COOKIE)},t);` +
    `var m=matchMedia(${JSON.stringify(WIDE_LAYOUT_QUERY)}),l=function(){w(${JSON.stringify(LAYOUT_COOKIE)},m.matches?'wide':'narrow')};` +
    `l();m.addEventListener('change',l)}catch(e){}` +
    `var r=document.documentElement;r.classList.add(c[t]);if(t==='dark')r.classList.add('dark');` +
    `r.dataset.theme=t;r.style.colorScheme=t})()`
  )
}
