import { execFileSync } from 'node:child_process'
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import os from 'node:os'
import path from 'node:path'
import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { formatOrderTotal, ORDER_PLACED, quantityHint } from '../packages/contract/src'
import { baseUrl, launchBrowser, screenshotOnFailure, shownOption, watchPage } from './support/browser'

// @engage/widget as a React partner site gets it from npm: packed (`pnpm pack`, which builds it), installed from
// the tarball into a separate Vite + React app in a temporary directory (the other packages from the registry,
// through the local store), type-checked and built there, served on its own origin and opened in Chromium. The
// widget reads the real server's services and its Order button lands in the panel, where the order is placed.

const widgetPackage = path.resolve(import.meta.dirname, '..', 'packages', 'widget')
const workspacePackage = JSON.parse(readFileSync(path.join(widgetPackage, 'package.json'), 'utf8')) as {
  devDependencies: Record<string, string>
}
const PASSWORD = 'correct horse battery'
const LINK = 'https://www.instagram.com/p/partner-app/'

/** The partner's app: the package's component, its events, its element types. */
const appSource = `import { StrictMode, useEffect, useRef, useState } from 'react'
import { createRoot } from 'react-dom/client'
import { OrderWidget, WIDGET_EVENTS, type WidgetOrderDetail } from '@engage/widget'
import type {} from '@engage/widget/element'

const api = new URLSearchParams(location.search).get('api') ?? ''

function App() {
  const [ready, setReady] = useState(false)
  const [order, setOrder] = useState<WidgetOrderDetail | null>(null)
  const main = useRef<HTMLElement>(null)
  useEffect(() => {
    const element = main.current
    if (!element) return
    const onReady = () => setReady(true)
    const onOrder = (event: CustomEvent<WidgetOrderDetail>) => setOrder(event.detail)
    element.addEventListener(WIDGET_EVENTS.ready, onReady)
    document.addEventListener('engage:order', onOrder)
    return () => {
      element.removeEventListener(WIDGET_EVENTS.ready, onReady)
      document.removeEventListener('engage:order', onOrder)
    }
  }, [])
  return (
    <main ref={main}>
      <h1>Partner app</h1>
      <p id="ready">{ready ? 'Widget ready' : 'Widget loading'}</p>
      <OrderWidget apiBase={api} service="likes" theme="light" />
      <p id="order">{order ? \`\${order.service} \${order.quantity} \${order.total}\` : ''}</p>
    </main>
  )
}

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App />
  </StrictMode>,
)
`

function writeApp(directory: string, tarball: string) {
  const versions = workspacePackage.devDependencies
  const pick = (...names: string[]) => Object.fromEntries(names.map((name) => [name, versions[name]]))
  writeFileSync(
    path.join(directory, 'package.json'),
    JSON.stringify({
      name: 'partner-app',
      private: true,
      type: 'module',
      dependencies: { '@engage/widget': `file:./${tarball}`, ...pick('react', 'react-dom') },
      devDependencies: {
        ...pick('@types/react', '@types/react-dom', '@vitejs/plugin-react', 'vite'),
        typescript: '5.9.3',
      },
    }),
  )
  writeFileSync(
    path.join(directory, 'index.html'),
    '<!doctype html><html lang="en"><head><meta charset="utf-8" /><title>Partner app</title></head>' +
      '<body><div id="root"></div><script type="module" src="/src/main.tsx"></script></body></html>',
  )
  writeFileSync(
    path.join(directory, 'vite.config.js'),
    "import react from '@vitejs/plugin-react'\nexport default { plugins: [react()] }\n",
  )
  writeFileSync(
    path.join(directory, 'tsconfig.json'),
    JSON.stringify({
      compilerOptions: {
        target: 'es2022',
        module: 'esnext',
        moduleResolution: 'bundler',
        jsx: 'react-jsx',
        strict: true,
        noEmit: true,
        skipLibCheck: true,
        types: [],
      },
      include: ['src'],
    }),
  )
  mkdirSync(path.join(directory, 'src'))
  writeFileSync(path.join(directory, 'src', 'main.tsx'), appSource)
}

/** The built app on its own origin (another port: another origin than the panel's). */
function serveStatic(directory: string): Promise<Server> {
  const server = createServer((request, response) => {
    const { pathname } = new URL(request.url ?? '/', 'http://app')
    const file = path.join(directory, pathname === '/' ? 'index.html' : pathname)
    if (!file.startsWith(directory) || !existsSync(file)) {
      response.writeHead(404).end()
      return
    }
    const type = file.endsWith('.js') ? 'text/javascript' : file.endsWith('.css') ? 'text/css' : 'text/html'
    response.writeHead(200, { 'content-type': type })
    response.end(readFileSync(file))
  })
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(server)))
}

const run = (command: string, args: string[], cwd: string) =>
  execFileSync(command, args, { cwd, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] })

describe('the published React package in a separate Vite app', () => {
  let work: string
  let packed: Record<string, unknown>
  let server: Server
  let appOrigin: string
  let browser: Browser
  let page: Page
  let pageErrors: { errors: string[] }

  beforeAll(async () => {
    work = mkdtempSync(path.join(os.tmpdir(), 'engage-widget-package-'))
    run('pnpm', ['pack', '--pack-destination', work], widgetPackage)
    const tarball = readdirSync(work).find((name) => name.endsWith('.tgz'))
    if (!tarball) throw new Error('pnpm pack wrote no tarball')
    run('tar', ['-xzf', tarball, 'package/package.json'], work)
    packed = JSON.parse(readFileSync(path.join(work, 'package', 'package.json'), 'utf8')) as Record<
      string,
      unknown
    >

    const app = path.join(work, 'app')
    mkdirSync(app)
    run('mv', [path.join(work, tarball), app], work)
    writeApp(app, tarball)
    run('pnpm', ['install', '--prefer-offline', '--ignore-workspace'], app)
    run(path.join('node_modules', '.bin', 'tsc'), ['-p', '.'], app)
    run(path.join('node_modules', '.bin', 'vite'), ['build', '--logLevel', 'error'], app)
    server = await serveStatic(path.join(app, 'dist'))
    appOrigin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`

    browser = await launchBrowser()
    const context = await browser.newContext({ viewport: { width: 1024, height: 900 } })
    context.setDefaultTimeout(15_000)
    page = await context.newPage()
    pageErrors = watchPage(page)
  }, 120_000)

  afterAll(async () => {
    await browser?.close()
    await new Promise((resolve) => (server ? server.close(resolve) : resolve(undefined)))
    if (work) rmSync(work, { recursive: true, force: true })
  })

  beforeEach((test) => {
    screenshotOnFailure(page, `widget-package-${test.task.name}`)
  })

  it('packs a built ES module with types, React as a peer and no workspace packages', () => {
    expect(packed).toMatchObject({
      name: '@engage/widget',
      version: expect.stringMatching(/^\d+\.\d+\.\d+$/),
      exports: {
        '.': { types: './types/index.d.ts', import: './lib/index.js' },
        './element': { types: './types/element.d.ts' },
      },
      peerDependencies: { react: '^19.0.0', 'react-dom': '^19.0.0' },
    })
    expect(packed.version).not.toBe('0.0.0')
    expect(packed.private).toBeUndefined()
    // What an app installs with it: nothing from this workspace.
    for (const field of ['dependencies', 'peerDependencies', 'optionalDependencies']) {
      const names = Object.keys((packed[field] as Record<string, string> | undefined) ?? {})
      expect(names.filter((name) => name.startsWith('@engage/'))).toEqual([])
    }
    expect(JSON.stringify(packed)).not.toContain('workspace:')
  })

  it('renders in the app with the real services, and the order is placed in the panel', async () => {
    // A customer with money in the wallet, signed in to the panel in this browser.
    await page.goto(new URL('/auth', baseUrl()).toString())
    await page.getByRole('link', { name: "Don't have an account? Sign up" }).click()
    await page.getByLabel('Email').fill(`package-${Date.now()}@example.com`)
    await page.getByLabel('Password').fill(PASSWORD)
    await page.getByRole('button', { name: 'Sign Up', exact: true }).click()
    await page.waitForURL((url) => url.pathname === '/dashboard')
    await page.goto(new URL('/wallet', baseUrl()).toString())
    const deposit = page.getByRole('form', { name: 'Deposit' })
    await deposit.getByRole('textbox', { name: 'Amount (USD)' }).fill('20')
    await deposit.getByRole('button', { name: 'Deposit' }).click()
    await page.waitForURL('**/sandbox/pay/**')
    await page.getByRole('button', { name: 'Pay' }).click()
    await page.waitForURL((url) => url.pathname === '/wallet')

    // The partner's app, on its own origin, reading the panel's API.
    await page.goto(`${appOrigin}/?api=${encodeURIComponent(new URL(baseUrl()).origin)}`)
    const widget = page.locator('main > div')
    const select = widget.getByRole('combobox', { name: 'Action Type' })
    await expect.poll(() => shownOption(select)).toBe('LIKES')
    await expect.poll(() => page.locator('#ready').textContent()).toBe('Widget ready')

    const services = (await (await fetch(new URL('/api/services', baseUrl()))).json()) as {
      name: string
      rate: number
      minQuantity: number
      maxQuantity: number
    }[]
    const likes = services.find((service) => service.name === 'likes')!
    expect(
      await widget.getByText(quantityHint({ min: likes.minQuantity, max: likes.maxQuantity })).count(),
    ).toBe(1)
    await widget.getByRole('textbox', { name: 'Link' }).fill(LINK)
    await widget.getByRole('textbox', { name: 'Quantity' }).fill('300')
    const total = formatOrderTotal('likes', { likes: likes.rate }, 300)
    await expect.poll(() => widget.getByRole('status', { name: 'Total' }).textContent()).toBe(total)

    await widget.getByRole('button', { name: 'Order', exact: true }).click()
    await page.waitForURL((url) => url.origin === new URL(baseUrl()).origin && url.pathname === '/dashboard')
    expect(Object.fromEntries(new URL(page.url()).searchParams)).toEqual({
      service: 'likes',
      link: LINK,
      quantity: '300',
    })
    const orderForm = page.getByRole('form', { name: 'New order' })
    await expect.poll(() => orderForm.locator('output').textContent()).toBe(total)
    await orderForm.getByRole('button', { name: 'Place Order' }).click()
    await page.getByText(ORDER_PLACED).waitFor()
    expect(pageErrors.errors).toEqual([])
  })
})
