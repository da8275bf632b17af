import type { Theme } from '@engage/ui'

// The two cookies that tell the server render who is asking for a signed-in page, and in which theme. The
// session and the theme live in localStorage (session.ts, theme.ts), where the API client reads them; the
// cookies are copies of them, written wherever those are and again by every page's head script, so that a page
// load can be rendered on the server for its session. The API never reads them: it takes the bearer token of
// the Authorization header only, so a cookie sent along with a request from another site authorises nothing.

/** The session's bearer token, copied from localStorage. */
export const SESSION_COOKIE = 'engage_session'
/** The theme the page was last shown in ('dark' or 'light'). */
export const THEME_COOKIE = 'engage_theme'

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

/** What the server render reads from a request's Cookie header: the session's token and the theme. */
export function readPageCookies(header: string | undefined): { token: string | null; theme: Theme | null } {
  const values = new Map<string, string>()
  for (const part of (header ?? '').split(';')) {
    const separator = part.indexOf('=')
    if (separator > 0) values.set(part.slice(0, separator).trim(), part.slice(separator + 1).trim())
  }
  const token = values.get(SESSION_COOKIE) ?? ''
  const theme = values.get(THEME_COOKIE)
  return {
    // The API's own token alphabet; anything else is no session.
    token: /^[A-Za-z0-9_-]{1,200}$/.test(token) ? token : null,
    theme: theme === 'dark' || theme === 'light' ? theme : null,
  }
}
