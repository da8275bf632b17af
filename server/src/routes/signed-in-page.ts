import { randomBytes } from 'node:crypto'
import type { Context } from 'hono'
import type { AppEnv } from '../http/env'
import { newestLiveEventId } from '../live/newest-event'
import type { Logger } from '../logger'
import { pagePolicy } from './panel-policy'

// A signed-in page rendered on the server for the session of the request's cookie (the panel's
// renderSignedInPage, apps/panel/src/signedInPage.tsx), streamed: the document's head with the inline
// stylesheet goes first, then the app's HTML as React renders it, then the page's data and scripts.

/** What the panel's renderSignedInPage takes (apps/panel/src/signedInPage.tsx). */
export interface SignedInPageOptions {
  template: string
  manifests: unknown
  url: string
  cookies: string | undefined
  mobile: boolean
  stylesheets: Record<string, string>
  fetchApi: (input: string, init: RequestInit) => Promise<Response>
  /** The newest live update, read before the page's data: what the data holds (null: none yet). */
  liveEventId: string | null
  nonce: string
  onError: (error: unknown) => void
}

/** What it answers: the document around the streamed render, or null without a valid session. */
export interface SignedInPage {
  head: string
  body: ReadableStream<Uint8Array>
  tail: string
}

/** What sendSignedInPage needs of the loaded build (panel.ts). */
export interface SignedInPageBuild {
  render: { renderSignedInPage(options: SignedInPageOptions): Promise<SignedInPage | null> }
  appTemplate: string
  manifests: unknown
  stylesheets: Record<string, string>
}

/**
 * Whether the request comes from a phone: its client hint says so (Chromium sends `Sec-CH-UA-Mobile`), or,
 * without hints, its user agent does ('Mobi', as every phone browser's has). The layout is then rendered
 * narrow; a browser on the other side of the breakpoint renders the page itself instead of hydrating it.
 */
function isMobile(c: Context<AppEnv>): boolean {
  const hint = c.req.header('Sec-CH-UA-Mobile')
  if (hint !== undefined) return hint.trim() === '?1'
  return /Mobi/.test(c.req.header('User-Agent') ?? '')
}

/** The request's headers an API call made for it carries along: its client's address, its user agent. */
const FORWARDED_HEADERS = ['X-Forwarded-For', 'User-Agent']

/**
 * Sends the signed-in page for the request's session cookie, or answers null (no cookie, an ended session, a
 * failed render) so that the caller sends the app shell. The page's API calls (the current user) go through
 * `api`, the server's own app, with the token of the cookie as their bearer token, as the browser's would.
 */
export async function sendSignedInPage(
  c: Context<AppEnv>,
  build: SignedInPageBuild,
  api: (request: Request, env: AppEnv['Bindings']) => Response | Promise<Response>,
  logger: Logger,
): Promise<Response | null> {
  const cookies = c.req.header('Cookie')
  if (!cookies) return null
  const requestUrl = new URL(c.req.url)
  const forwarded: Record<string, string> = {}
  for (const name of FORWARDED_HEADERS) {
    const value = c.req.header(name)
    if (value !== undefined) forwarded[name] = value
  }
  const nonce = randomBytes(16).toString('base64')
  let page: SignedInPage | null
  try {
    // Read before the page's data, so that every change the data may miss comes after it on the stream.
    const liveEventId = await newestLiveEventId(c.get('deps').db)
    page = await build.render.renderSignedInPage({
      template: build.appTemplate,
      manifests: build.manifests,
      url: requestUrl.pathname + requestUrl.search,
      cookies,
      mobile: isMobile(c),
      stylesheets: build.stylesheets,
      fetchApi: async (input, init) => {
        const headers = new Headers(init.headers)
        for (const [name, value] of Object.entries(forwarded)) headers.set(name, value)
        return api(new Request(new URL(input, requestUrl), { ...init, headers }), c.env)
      },
      liveEventId,
      nonce,
      onError: (error) =>
        logger.error('Server render error', { path: requestUrl.pathname, error: String(error) }),
    })
  } catch (error) {
    // The shell still works: the browser renders the page itself.
    logger.error('Could not render a signed-in page; serving the app shell', {
      path: requestUrl.pathname,
      error: String(error),
    })
    return null
  }
  if (!page) return null

  const encoder = new TextEncoder()
  const { head, body, tail } = page
  const html = new ReadableStream<Uint8Array>({
    async start(controller) {
      controller.enqueue(encoder.encode(head))
      const reader = body.getReader()
      try {
        for (;;) {
          const { done, value } = await reader.read()
          if (done) break
          controller.enqueue(value)
        }
        controller.enqueue(encoder.encode(tail))
        controller.close()
      } catch (error) {
        logger.error('A signed-in page stopped streaming', {
          path: requestUrl.pathname,
          error: String(error),
        })
        controller.error(error)
      }
    },
  })
  const gzip = /\bgzip\b/.test(c.req.header('Accept-Encoding') ?? '')
  return c.body(
    gzip ? html.pipeThrough(new CompressionStream('gzip') as TransformStream<Uint8Array, Uint8Array>) : html,
    200,
    {
      'Content-Type': 'text/html; charset=utf-8',
      // The user's own data: never kept by a shared cache, and asked for again on every visit.
      'Cache-Control': 'private, no-cache',
      Vary: 'Cookie, Accept-Encoding',
      'Content-Security-Policy': pagePolicy(head + tail, { nonce }),
      ...(gzip ? { 'Content-Encoding': 'gzip' } : {}),
    },
  )
}
