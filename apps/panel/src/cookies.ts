import type { Theme } from '@engage/ui'

// The cookies that tell the server render who is asking for a signed-in page, in which theme and at which
// width. The session and the theme live in localStorage (session.ts, theme.ts), where the API client reads them;
// the cookies are copies of them, written wherever those are and again by every page's head script, which also
// writes the side of the layout's breakpoint the window is on (and again whenever it crosses it), so that a page
// load can be rendered on the server for its session, as the browser will render it. The API never reads them:
// it takes the bearer token of the Authorization header only, so a cookie sent along with a request from another
// site authorises nothing.

/** The session's bearer token, copied from localStorage. */
export const SESSION_COOKIE = 'engage_session'
/** The theme the page was last shown in ('dark' or 'light'). */
export const THEME_COOKIE = 'engage_theme'
/** The layout the window last had: 'wide' (at or past the layout's breakpoint) or 'narrow'. */
export const LAYOUT_COOKIE = 'engage_layout'

/** Thirty days: the server checks the token on every page load; the cookie only has to outlive a visit. */
const MAX_AGE_SECONDS = 30 * 24 * 60 * 60

/**
 * Inline-script code: a function that sets (a value) or removes (null) one of these cookies on the whole site,
 * for this site's own page loads only (SameSite=Strict), over HTTPS only when the page is.
 */
export const WRITE_COOKIE =
  "function(n,v){document.cookie=n+'='+(v===null?'':v)+';Path=/;SameSite=Strict;Max-Age='+" +
  `(v===null?0:${String(MAX_AGE_SECONDS)})+(location.protocol==='https:'?';Secure':'')}`

function writeCookie(name: string, value: string | null): void {
  if (typeof document === 'undefined') return
  document.cookie =
    `${name}=${value ?? ''};Path=/;SameSite=Strict;Max-Age=${String(value === null ? 0 : MAX_AGE_SECONDS)}` +
    (location.protocol === 'https:' ? ';Secure' : '')
}

export const writeSessionCookie = (token: string | null): void => writeCookie(SESSION_COOKIE, token)
export const writeThemeCookie = (theme: Theme): void => writeCookie(THEME_COOKIE, theme)

/** What the server render reads from a request's Cookie header: the session's token, the theme, the layout. */
export function readPageCookies(header: string | undefined): {
  token: string | null
  theme: Theme | null
  /** Whether the window was wide; null when no page has said yet. */
  wide: boolean | null
} {
  const values = new Map<string, string>()
  for (const part of (header ?? '').split(';')) {
    const separator = part.indexOf('=')
    if (separator > 0) values.set(part.slice(0, separator).trim(), part.slice(separator + 1).trim())
  }
  const token = values.get(SESSION_COOKIE) ?? ''
  const theme = values.get(THEME_COOKIE)
  const layout = values.get(LAYOUT_COOKIE)
  return {
    // The API's own token alphabet; anything else is no session.
    token: /^[A-Za-z0-9_-]{1,200}$/.test(token) ? token : null,
    theme: theme === 'dark' || theme === 'light' ? theme : null,
    wide: layout === 'wide' ? true : layout === 'narrow' ? false : null,
  }
}
