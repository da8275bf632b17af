import { readFileSync } from 'node:fs'
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import path from 'node:path'
import { chromium, type Browser } from 'playwright-core'

// A partner page for the built widget: its own origin serves the page, the widget's files (dist/) and the
// public service list, each of which a test can take down and bring back.

const dist = path.resolve(import.meta.dirname, '..', 'dist')

/** Unit prices in USD, as GET /api/get-services; limits as GET /api/services. */
export const hostServices: Record<string, { rate: number; min: number; max: number }> = {
  likes: { rate: 0.01, min: 10, max: 5000 },
  followers: { rate: 0.02, min: 1, max: 10000 },
  views: { rate: 0.001, min: 100, max: 100000 },
}

export interface Host {
  origin: string
  /** Requests seen, by path. */
  requests: string[]
  /** What is down: the loader, the bundle (hashed and current) or the API. */
  down: { loader: boolean; bundle: boolean; api: boolean }
  /** The page's body (the widget elements and anything around them). */
  body: string
  close(): Promise<void>
}

export async function startHost(body: string): Promise<Host> {
  const host: Omit<Host, 'origin' | 'close'> = {
    requests: [],
    down: { loader: false, bundle: false, api: false },
    body,
  }
  const server: Server = createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://host')
    host.requests.push(url.pathname)
    const unavailable = () => {
      response.writeHead(503, { 'content-type': 'application/json' })
      response.end('{"detail":"Service unavailable"}')
    }
    if (url.pathname === '/') {
      response.writeHead(200, { 'content-type': 'text/html' })
      response.end(
        '<!doctype html><html lang="en"><head><title>Partner</title></head><body><h1>Partner</h1>' +
          `<script src="/widget/loader.js" async></script>${host.body}</body></html>`,
      )
    } else if (url.pathname === '/api/services' || url.pathname === '/api/get-services') {
      if (host.down.api) return unavailable()
      const entries = Object.entries(hostServices)
      response.writeHead(200, { 'content-type': 'application/json' })
      response.end(
        JSON.stringify(
          url.pathname === '/api/get-services'
            ? Object.fromEntries(entries.map(([name, { rate }]) => [name, rate]))
            : entries.map(([name, { rate, min, max }], index) => ({
                id: String(index + 1),
                name,
                displayName: name.toUpperCase(),
                rate,
                ratePer1k: rate * 1000,
                minQuantity: min,
                maxQuantity: max,
                isAi: false,
              })),
        ),
      )
    } else if (url.pathname.startsWith('/widget/') && !url.pathname.includes('..')) {
      const file = url.pathname.slice('/widget/'.length)
      if (file === 'loader.js' ? host.down.loader : host.down.bundle) return unavailable()
      response.writeHead(200, { 'content-type': 'text/javascript' })
      response.end(
        file === 'current.js'
          ? `export * from './${JSON.parse(readFileSync(path.join(dist, 'manifest.json'), 'utf8')).bundle}'`
          : readFileSync(path.join(dist, file)),
      )
    } else {
      response.writeHead(200, { 'content-type': 'text/html' })
      response.end('<!doctype html><title>Panel</title>')
    }
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  return {
    ...host,
    get body() {
      return host.body
    },
    set body(value) {
      host.body = value
    },
    origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  }
}

/** Debian's Chromium, as the project's other browser tests use it. */
export function launchChromium(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--headless', '--disable-gpu', '--no-first-run'],
  })
}
