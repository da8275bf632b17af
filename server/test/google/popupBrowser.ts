import { createHash } from 'node:crypto'
import vm from 'node:vm'
import { uniqueAddress } from '../support/app'

// What the tests need of a browser for the Google popup: a cookie jar (per origin and path, with Max-Age) and
// redirects followed by hand, so each hop can be looked at; and the popup page's inline script run against a
// stand-in `window.opener`, to see exactly what it posts and to which origin.

interface StoredCookie {
  origin: string
  path: string
  name: string
  value: string
  attributes: Record<string, string>
}

export interface Hop {
  url: string
  status: number
  location: string | null
}

export class PopupBrowser {
  private readonly cookies = new Map<string, StoredCookie>()

  /**
   * @param address The browser's client address, sent as X-Forwarded-For (TRUST_PROXY is on in tests): one of
   * its own by default, so the per-address limit of sign-in starts stays out of tests that are not about it.
   */
  constructor(readonly address: string = uniqueAddress()) {}

  /** The cookie `name` as stored for `origin`, with its attributes in lower case. */
  cookie(origin: string, name: string): StoredCookie | undefined {
    return [...this.cookies.values()].find((cookie) => cookie.origin === origin && cookie.name === name)
  }

  private cookieHeader(url: URL): string | undefined {
    const matching = [...this.cookies.values()].filter(
      (cookie) =>
        cookie.origin === url.origin &&
        (cookie.path === '/' || url.pathname === cookie.path || url.pathname.startsWith(`${cookie.path}/`)),
    )
    return matching.length > 0
      ? matching.map((cookie) => `${cookie.name}=${cookie.value}`).join('; ')
      : undefined
  }

  private store(url: URL, response: Response) {
    for (const line of response.headers.getSetCookie()) {
      const [pair = '', ...attributeParts] = line.split(';')
      const separator = pair.indexOf('=')
      const name = pair.slice(0, separator).trim()
      const value = pair.slice(separator + 1).trim()
      const attributes: Record<string, string> = {}
      for (const part of attributeParts) {
        const [key = '', ...rest] = part.split('=')
        attributes[key.trim().toLowerCase()] = rest.join('=').trim()
      }
      const path = attributes.path || '/'
      const key = `${url.origin} ${path} ${name}`
      const expired =
        attributes['max-age'] !== undefined
          ? Number(attributes['max-age']) <= 0
          : attributes.expires !== undefined && Date.parse(attributes.expires) <= Date.now()
      if (expired) this.cookies.delete(key)
      else this.cookies.set(key, { origin: url.origin, path, name, value, attributes })
    }
  }

  /** One request, sending and keeping cookies; redirects are not followed. */
  async request(url: string, init: RequestInit = {}): Promise<Response> {
    const target = new URL(url)
    const headers = new Headers(init.headers)
    const cookie = this.cookieHeader(target)
    if (cookie !== undefined) headers.set('Cookie', cookie)
    if (!headers.has('X-Forwarded-For')) headers.set('X-Forwarded-For', this.address)
    const response = await fetch(target, { ...init, headers, redirect: 'manual' })
    this.store(target, response)
    return response
  }

  /** Follows redirects from `url` until a page answers; answers that page and every hop on the way. */
  async navigate(
    url: string,
    init: RequestInit = {},
  ): Promise<{ response: Response; url: string; hops: Hop[] }> {
    const hops: Hop[] = []
    let current = url
    let response = await this.request(current, init)
    for (;;) {
      const location = response.headers.get('Location')
      hops.push({ url: current, status: response.status, location })
      if (response.status < 300 || response.status >= 400 || location === null) break
      if (hops.length > 10) throw new Error(`Too many redirects from ${url}`)
      await response.body?.cancel()
      current = new URL(location, current).toString()
      response = await this.request(current)
    }
    return { response, url: current, hops }
  }
}

export interface PopupOutcome {
  /** Every postMessage call of the script: the message and the target origin. */
  posts: { message: unknown; targetOrigin: unknown }[]
  closed: boolean
  /** The inline script's text. */
  script: string
}

/** The text of the page's one inline <script>. */
export function inlineScript(html: string): string {
  const scripts = [...html.matchAll(/<script>([\s\S]*?)<\/script>/g)]
  if (scripts.length !== 1 || scripts[0]?.[1] === undefined) {
    throw new Error(`Expected one inline script, found ${scripts.length}`)
  }
  return scripts[0][1]
}

/** 'sha256-...' of a script or style, as a CSP source names it. */
export function cspHash(text: string): string {
  return `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`
}

/** Runs the popup page's script in a sandbox whose window has an opener (or none), and reports what it did. */
export function runPopupScript(html: string, options: { opener: boolean } = { opener: true }): PopupOutcome {
  const script = inlineScript(html)
  const outcome: PopupOutcome = { posts: [], closed: false, script }
  const opener = {
    closed: false,
    postMessage: (message: unknown, targetOrigin: unknown) => {
      // Structured clone, as a real postMessage: nothing of the sandbox leaks into the assertion.
      outcome.posts.push({ message: structuredClone(message), targetOrigin })
    },
  }
  const window = {
    opener: options.opener ? opener : null,
    close: () => {
      outcome.closed = true
    },
  }
  vm.runInNewContext(script, { window }, { timeout: 1000 })
  return outcome
}
