import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { Hono } from 'hono'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { AppEnv } from '../src/app'
import { answerHeaders } from '../src/http/security'
import { handleError, handleNotFound } from '../src/http/errors'
import {
  ASSET_CACHE_CONTROL,
  CURRENT_CACHE_CONTROL,
  LOADER_CACHE_CONTROL,
  WIDGET_NOT_BUILT,
  widgetRoutes,
} from '../src/routes/widget'
import { createTestApp, type TestApp } from './support/app'

// The order widget's files and demo page (routes/widget.ts) and the CORS of the public service lists.

describe('CORS of the public service lists', () => {
  describe('with no WIDGET_ORIGINS', () => {
    let t: TestApp
    beforeAll(async () => {
      t = await createTestApp()
    })
    afterAll(() => t.close())

    it.each(['/api/get-services', '/api/services'])('lets any origin read %s', async (route) => {
      const response = await t.app.request(route, { headers: { Origin: 'https://partner.example' } })
      expect(response.status).toBe(200)
      expect(response.headers.get('Access-Control-Allow-Origin')).toBe('*')
    })

    it('answers a revalidation (304) with the same CORS header', async () => {
      const first = await t.app.request('/api/get-services')
      const again = await t.app.request('/api/get-services', {
        headers: { Origin: 'https://partner.example', 'If-None-Match': first.headers.get('ETag') ?? '' },
      })
      expect(again.status).toBe(304)
      expect(again.headers.get('Access-Control-Allow-Origin')).toBe('*')
    })

    it.each(['/api/openapi.json', '/api/user/me', '/api/orders/get'])(
      'leaves %s same-origin',
      async (route) => {
        const response = await t.app.request(route, { headers: { Origin: 'https://partner.example' } })
        expect(response.headers.get('Access-Control-Allow-Origin')).toBeNull()
      },
    )
  })

  describe('with WIDGET_ORIGINS', () => {
    let t: TestApp
    beforeAll(async () => {
      t = await createTestApp({
        config: { widgetOrigins: ['https://partner.example', 'https://shop.example/'] },
      })
    })
    afterAll(() => t.close())

    it.each(['https://partner.example', 'https://shop.example'])(
      'allows the listed origin %s',
      async (origin) => {
        const response = await t.app.request('/api/get-services', { headers: { Origin: origin } })
        expect(response.headers.get('Access-Control-Allow-Origin')).toBe(origin)
        expect(response.headers.get('Vary')).toContain('Origin')
      },
    )

    it('does not allow another origin', async () => {
      const response = await t.app.request('/api/services', { headers: { Origin: 'https://evil.example' } })
      expect(response.status).toBe(200)
      expect(response.headers.get('Access-Control-Allow-Origin')).toBeNull()
    })

    it('answers a preflight for GET', async () => {
      const response = await t.app.request('/api/get-services', {
        method: 'OPTIONS',
        headers: { Origin: 'https://partner.example', 'Access-Control-Request-Method': 'GET' },
      })
      expect(response.status).toBe(204)
      expect(response.headers.get('Access-Control-Allow-Origin')).toBe('https://partner.example')
      expect(response.headers.get('Access-Control-Allow-Methods')).toBe('GET')
    })
  })
})

describe('the widget files and demo page', () => {
  let t: TestApp
  let distDir: string
  const loader = 'console.log("loader")'
  const bundle = 'export function mount() {}'
  const elementTypes = 'export interface WidgetReadyDetail { services: number }\n'

  /** The widget routes over a build folder, behind the server's security headers and error answers. */
  function widgetApp(dir: string) {
    const app = new Hono<AppEnv>()
    app.onError(handleError)
    app.notFound(handleNotFound)
    app.use(answerHeaders())
    app.use(async (c, next) => {
      c.set('deps', t.deps)
      await next()
    })
    app.route('/widget', widgetRoutes(dir))
    return app
  }

  beforeAll(async () => {
    t = await createTestApp()
    distDir = mkdtempSync(path.join(os.tmpdir(), 'engage-widget-'))
    mkdirSync(path.join(distDir, 'assets'))
    writeFileSync(path.join(distDir, 'loader.js'), loader)
    writeFileSync(path.join(distDir, 'assets', 'widget-abc123.js'), bundle)
    writeFileSync(path.join(distDir, 'element.d.ts'), elementTypes)
    writeFileSync(
      path.join(distDir, 'manifest.json'),
      JSON.stringify({ loader: 'loader.js', bundle: 'assets/widget-abc123.js', types: 'element.d.ts' }),
    )
  })
  afterAll(async () => {
    rmSync(distDir, { recursive: true, force: true })
    await t.close()
  })

  it('serves the loader at its stable URL with a short cache, an ETag and cross-origin headers', async () => {
    const app = widgetApp(distDir)
    const response = await app.request('/widget/loader.js')
    expect(response.status).toBe(200)
    expect(await response.text()).toBe(loader)
    expect(response.headers.get('Content-Type')).toBe('text/javascript; charset=utf-8')
    expect(response.headers.get('Cache-Control')).toBe(LOADER_CACHE_CONTROL)
    expect(response.headers.get('Cross-Origin-Resource-Policy')).toBe('cross-origin')
    expect(response.headers.get('Access-Control-Allow-Origin')).toBe('*')
    const etag = response.headers.get('ETag') ?? ''
    expect(etag).toMatch(/^"[A-Za-z0-9_-]+"$/)

    const again = await app.request('/widget/loader.js', { headers: { 'If-None-Match': etag } })
    expect(again.status).toBe(304)
    expect(again.headers.get('Cache-Control')).toBe(LOADER_CACHE_CONTROL)
  })

  it('serves the hashed bundle for a year, compressed when asked', async () => {
    const response = await widgetApp(distDir).request('/widget/assets/widget-abc123.js', {
      headers: { 'Accept-Encoding': 'gzip' },
    })
    expect(response.status).toBe(200)
    expect(response.headers.get('Cache-Control')).toBe(ASSET_CACHE_CONTROL)
    expect(response.headers.get('Content-Encoding')).toBe('gzip')
    expect(response.headers.get('Cross-Origin-Resource-Policy')).toBe('cross-origin')
    expect(response.headers.get('Access-Control-Allow-Origin')).toBe('*')
  })

  it('serves the current bundle at a stable URL, for loaders cached before a deploy: revalidated every time', async () => {
    const app = widgetApp(distDir)
    const response = await app.request('/widget/current.js')
    expect(response.status).toBe(200)
    // Resolved against /widget/current.js: /widget/assets/widget-abc123.js, the bundle the manifest names.
    expect(await response.text()).toBe('export * from "./assets/widget-abc123.js"\n')
    expect(response.headers.get('Content-Type')).toBe('text/javascript; charset=utf-8')
    expect(response.headers.get('Cache-Control')).toBe(CURRENT_CACHE_CONTROL)
    expect(response.headers.get('Access-Control-Allow-Origin')).toBe('*')
    expect(response.headers.get('Cross-Origin-Resource-Policy')).toBe('cross-origin')
    const again = await app.request('/widget/current.js', {
      headers: { 'If-None-Match': response.headers.get('ETag') ?? '' },
    })
    expect(again.status).toBe(304)
  })

  it('answers 404 with a detail for an unknown file', async () => {
    const response = await widgetApp(distDir).request('/widget/assets/widget-nope.js')
    expect(response.status).toBe(404)
    expect(await response.json()).toHaveProperty('detail')
  })

  it('says how to build the widget when it is not built', async () => {
    const response = await widgetApp(path.join(distDir, 'missing')).request('/widget/loader.js')
    expect(response.status).toBe(404)
    expect(await response.json()).toEqual({ detail: WIDGET_NOT_BUILT })
  })

  it('serves the demo partner page: one script tag, one element, a strict policy for our origin only', async () => {
    const response = await widgetApp(distDir).request('/widget/demo')
    expect(response.status).toBe(200)
    const html = await response.text()
    expect(html.match(/<script\b/g)).toHaveLength(1)
    expect(html).toContain('<script src="http://panel.test/widget/loader.js" async></script>')
    expect(html.match(/<engage-order-widget\b/g)).toHaveLength(1)
    expect(html).toContain('<link rel="stylesheet" href="http://panel.test/widget/demo/host.css" />')
    const policy = response.headers.get('Content-Security-Policy') ?? ''
    expect(policy).toContain("default-src 'none'")
    expect(policy).toContain('script-src http://panel.test;')
    expect(policy).toContain('style-src http://panel.test;')
    expect(policy).toContain('connect-src http://panel.test;')
    expect(policy).not.toContain('unsafe')
    expect(policy).not.toContain("'self'")
  })

  it("serves the element's types for embedders, cross-origin with a short cache", async () => {
    const response = await widgetApp(distDir).request('/widget/element.d.ts')
    expect(response.status).toBe(200)
    expect(await response.text()).toBe(elementTypes)
    expect(response.headers.get('Content-Type')).toBe('text/plain; charset=utf-8')
    expect(response.headers.get('Cache-Control')).toBe(LOADER_CACHE_CONTROL)
    expect(response.headers.get('Access-Control-Allow-Origin')).toBe('*')
  })

  it('puts fallback content with a link into the panel inside the demo element', async () => {
    const html = await (await widgetApp(distDir).request('/widget/demo')).text()
    expect(html).toMatch(
      /<engage-order-widget service="likes">\s*<p[^>]*>Order likes on <a href="http:\/\/panel\.test\/dashboard\?service=likes">/,
    )
  })

  it("serves the embedder's guide with its stylesheet, under the server's own policy", async () => {
    const response = await widgetApp(distDir).request('/widget/docs')
    expect(response.status).toBe(200)
    const html = await response.text()
    expect(html).toContain('<h1>Embedding the order widget</h1>')
    for (const section of ['The tag', 'Attributes', 'When the panel is down', 'Events', 'Theming', 'React']) {
      expect(html).toContain(`>${section}</h2>`)
    }
    expect(html).toContain('Content-Security-Policy</h2>')
    // The examples name this panel's origin; the live widgets are real elements, the samples escaped text.
    expect(html).toContain('&#60;script src=&#34;http://panel.test/widget/loader.js&#34; async&#62;')
    expect(html.match(/<engage-order-widget\b/g)).toHaveLength(2)
    const css = await widgetApp(distDir).request('/widget/docs.css')
    expect(css.headers.get('Content-Type')).toBe('text/css; charset=utf-8')
    expect(await css.text()).toContain('--engage-accent')
  })

  it('serves the demo page without its hostile stylesheet when asked', async () => {
    const html = await (await widgetApp(distDir).request('/widget/demo?hostile=0')).text()
    expect(html).not.toContain('host.css')
  })

  it('serves the hostile stylesheet to other origins', async () => {
    const response = await widgetApp(distDir).request('/widget/demo/host.css')
    expect(response.headers.get('Content-Type')).toBe('text/css; charset=utf-8')
    expect(response.headers.get('Cross-Origin-Resource-Policy')).toBe('cross-origin')
    expect(await response.text()).toContain('!important')
  })

  it('is mounted in the app at /widget', async () => {
    const response = await t.app.request('/widget/demo')
    expect(response.status).toBe(200)
    expect(response.headers.get('Content-Security-Policy')).toContain("default-src 'none'")
  })
})
