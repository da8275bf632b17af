import { StrictMode } from 'react'
import { renderToReadableStream } from 'react-dom/server'
import { StaticRouter } from 'react-router'
import { createClient, queryKeys, servicesQuery, type FetchFunction } from '@engage/client'
import { coreEndpoints, loadPageEndpoints } from '@engage/contract'
import { defaultTheme } from '@engage/ui'
import { QueryClient } from '@tanstack/react-query'
import { App } from './App'
import { readPageCookies } from './cookies'
import { opensOnOrderForm } from './earlyAnswers'
import {
  SIGNED_IN_STATE_ELEMENT_ID,
  WIDE_LAYOUT_QUERY,
  type Manifests,
  type SignedInPageState,
} from './document'
import { withHead, withInlineStylesheet, withScriptsAfterFirstPaint } from './pageHtml'
import { signedInPageChunks } from './routePreload'
import { preloadRoute } from './routes'
import { titleOf } from './titles'

// The server render of a signed-in page (/dashboard, /orders, /wallet) for the session of the
// request's cookie: the layout (sidebar, top bar with the balance and the user's name) and the page's first
// view, rendered by the same App the browser renders, with the current user's data. The browser hydrates it
// (main.tsx): the page paints from its HTML, before any script has arrived. It is rendered at the width of the
// layout cookie (the window's side of the breakpoint at the last page load), else narrow for a phone.

export interface SignedInPageOptions {
  /** The app's HTML entry as Vite wrote it (dist/server/index.html): the shell's template. */
  template: string
  manifests: Manifests
  /** The address asked for: path and query. */
  url: string
  /** The request's Cookie header. */
  cookies: string | undefined
  /**
   * Whether the request comes from a phone (its client hints): the layout is then rendered narrow when no layout
   * cookie says how wide the window is.
   */
  mobile: boolean
  /** The build's stylesheets by file (assets/style-….css → its text), inlined into the page. */
  stylesheets: Record<string, string>
  /** The server's own API, called as the browser would call it (same paths, same headers). */
  fetchApi: FetchFunction
  /** The newest live update, read before the page's data (null: none yet): the browser's stream starts after it. */
  liveEventId: string | null
  /** Goes on every inline script React's stream adds; the page's policy allows it. */
  nonce: string
  /** Told of an error of the render that the page survives (React renders that part in the browser). */
  onError: (error: unknown) => void
}

/** A signed-in page as the server sends it: the document around the streamed render. */
export interface SignedInPage {
  /** The document up to and including the opening `<div id="root">`: sent first. */
  head: string
  /** The app's HTML, as React streams it. */
  body: ReadableStream<Uint8Array>
  /** The rest of the document: the page's data and its scripts. */
  tail: string
}

const ROOT_ELEMENT = '<div id="root"></div>'

/**
 * The signed-in page at the address for the request's session, or null when the request has no session cookie
 * or its session is not valid any more (the current-user call fails): the server then sends the empty shell,
 * and the browser does what it does without a server render (the guard, the user-data rules).
 */
export async function renderSignedInPage(options: SignedInPageOptions): Promise<SignedInPage | null> {
  const { token, theme, wide: wideWindow } = readPageCookies(options.cookies)
  if (token === null) return null
  const pathname = new URL(options.url, 'http://localhost').pathname

  // The answers the render was given, passed on to the browser, whose client takes them as its first ones.
  const answers: Record<string, string> = {}
  const fetchApi: FetchFunction = async (input, init) => {
    const response = await options.fetchApi(input, init)
    if (response.ok && (init.method ?? 'GET') === 'GET') answers[input] = await response.clone().text()
    return response
  }
  const client = createClient({ baseUrl: '', getToken: () => token, fetch: fetchApi, loadPageEndpoints })
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } })
  const [me] = await Promise.all([
    queryClient.fetchQuery({ queryKey: queryKeys.me, queryFn: () => client.getMe() }).catch(() => null),
    preloadRoute(pathname, true),
    // A page with the order form renders it with its choices. The browser hydrates with the same answer, so the
    // form's part of the page (hydrated after the rest) finds what the server rendered, however soon another
    // part of the page asks for the list.
    opensOnOrderForm(pathname) ? queryClient.prefetchQuery(servicesQuery(client)) : undefined,
  ])
  if (me === null || answers[coreEndpoints.getMe.path] === undefined) return null

  const wide = wideWindow ?? !options.mobile
  const rendered: SignedInPageState = {
    answers,
    theme: theme ?? defaultTheme,
    wide,
    liveEventId: options.liveEventId,
  }
  const body = await renderToReadableStream(
    <StrictMode>
      <StaticRouter location={options.url}>
        <App
          client={client}
          queryClient={queryClient}
          initialState={{ token, theme: rendered.theme }}
          serverWideLayout={wide}
        />
      </StaticRouter>
    </StrictMode>,
    {
      nonce: options.nonce,
      onError: options.onError,
      // A part that has rendered goes into the HTML where it stands, whatever its size: past React's default
      // (12,800 bytes) it would be sent after the rest and put in place by an inline script, and a page read
      // without scripts would show nothing of it.
      progressiveChunkSize: Number.POSITIVE_INFINITY,
    },
  )

  // As on the public pages, the scripts are asked for once the page has painted: it paints from its HTML, and
  // its first paint neither waits on nor shares the connection with the code that hydrates it.
  const html = withScriptsAfterFirstPaint(
    withInlineStylesheet(withHead(options.template, titleOf(pathname), ''), options.stylesheets),
    signedInPageChunks(options.manifests.app, pathname),
  )
  const split = html.indexOf(ROOT_ELEMENT)
  if (split < 0) throw new Error(`The app's template has no ${ROOT_ELEMENT}`)
  // '<' escaped so that no text in the data can close the script element.
  const state = JSON.stringify(rendered).replace(/</g, '\\u003c')
  return {
    head: html.slice(0, split) + '<div id="root">',
    body,
    tail:
      '</div>' +
      `<script>${replacedPageGuard(rendered)}</script>` +
      `<script type="application/json" id="${SIGNED_IN_STATE_ELEMENT_ID}">${state}</script>` +
      html.slice(split + ROOT_ELEMENT.length),
  }
}

/**
 * A classic script run as soon as the page's HTML is in: when the browser is in another theme or on the other
 * side of the layout's breakpoint than the page was rendered for (the window was resized since the last page
 * load, the theme changed in another tab), the browser will render the page anew rather than hydrate it, and
 * whatever the customer typed or chose in the server's HTML would be lost with it. The page is then made inert
 * (shown, but taking no input) until the browser's render replaces it; main.tsx reads the same mark to know
 * whether it hydrates. The server allows it by its hash in the page's CSP.
 */
function replacedPageGuard(rendered: SignedInPageState): string {
  return (
    `if(document.documentElement.dataset.theme!==${JSON.stringify(rendered.theme)}||` +
    `matchMedia(${JSON.stringify(WIDE_LAYOUT_QUERY)}).matches!==${String(rendered.wide)})` +
    `document.getElementById('root').inert=true`
  )
}
