import type { Browser, BrowserContext, Locator, Page } from 'playwright-core'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { formatOrderTotal } from '../packages/contract/src'
import {
  baseUrl,
  choose,
  launchBrowser,
  screenshotOnFailure,
  shownOption,
  watchPage,
} from './support/browser'

// The order widget as a partner's visitor meets it: the demo partner page (/widget/demo) embeds it with one
// script tag and one element, under a strict Content-Security-Policy that allows our origin only, with a
// hostile stylesheet. The page is opened on another origin than the panel's (localhost instead of 127.0.0.1,
// the same server), so the loader, the bundle and the services list all cross origins as on a real partner
// site. The Order button lands in the panel, through sign-up, with the order form prefilled.

const PASSWORD = 'correct horse battery'

/** The demo page on another origin than the server's own (the panel's): localhost for 127.0.0.1. */
function partnerUrl(query = ''): string {
  const url = new URL('/widget/demo', baseUrl())
  url.hostname = 'localhost'
  return url.toString() + query
}

/** Collects the page's Content-Security-Policy violations (the init script runs before the page's own). */
async function recordPolicyViolations(page: Page) {
  await page.addInitScript(() => {
    const violations: string[] = []
    ;(window as unknown as { policyViolations: string[] }).policyViolations = violations
    document.addEventListener('securitypolicyviolation', (event) => {
      violations.push(`${event.violatedDirective} ${event.blockedURI}`)
    })
  })
}

const policyViolations = (page: Page) =>
  page.evaluate(() => (window as unknown as { policyViolations: string[] }).policyViolations)

/** Computed styles of the widget's parts (inside its shadow root) that a leaking page style would change. */
function widgetStyles(widget: Locator) {
  return widget.evaluate((element) => {
    const root = element.shadowRoot
    if (!root) throw new Error('no shadow root')
    const pick = (selector: string) => {
      const target = root.querySelector(selector)
      if (!target) throw new Error(`no ${selector} in the widget`)
      const style = getComputedStyle(target)
      return Object.fromEntries(
        [
          'font-family',
          'font-size',
          'color',
          'background-color',
          'letter-spacing',
          'text-transform',
          'line-height',
          'padding-top',
          'margin-top',
          'border-top-width',
          'border-top-style',
          'box-shadow',
          'cursor',
          'word-spacing',
        ].map((name) => [name, style.getPropertyValue(name)]),
      )
    }
    return {
      label: pick('label'),
      input: pick('input'),
      submit: pick('button[type="submit"]'),
      form: pick('form'),
    }
  })
}

/** Computed styles of the host page's own elements, which the widget's stylesheet must leave alone. */
function hostStyles(page: Page) {
  return page.evaluate(() =>
    ['body', 'h1', '.host-text', '.host-button'].map((selector) => {
      const style = getComputedStyle(document.querySelector(selector)!)
      return [selector, style.fontFamily, style.color, style.backgroundColor, style.boxSizing, style.outline]
    }),
  )
}

describe('the order widget on a partner page', () => {
  let browser: Browser
  let context: BrowserContext
  let page: Page
  let pageErrors: { errors: string[] }

  beforeAll(async () => {
    browser = await launchBrowser()
    context = await browser.newContext({ viewport: { width: 1280, height: 800 } })
    context.setDefaultTimeout(15_000)
    page = await context.newPage()
    pageErrors = watchPage(page)
    await recordPolicyViolations(page)
  })

  afterAll(async () => {
    await browser?.close()
  })

  beforeEach((test) => {
    screenshotOnFailure(page, `widget-${test.task.name}`)
  })

  it('shows on the partner page with the service preselected, loaded from our origin only', async () => {
    const widgetFiles: string[] = []
    page.on('request', (request) => {
      const isFile = request.resourceType() !== 'document'
      if (isFile && new URL(request.url()).pathname.startsWith('/widget/')) widgetFiles.push(request.url())
    })
    await page.goto(partnerUrl())
    const widget = page.locator('engage-order-widget')
    await expect.poll(() => shownOption(widget.getByRole('combobox', { name: 'Action Type' }))).toBe('LIKES')
    // The loader, then the hashed bundle it imports; both from the panel's origin, not the page's.
    const origin = new URL(baseUrl()).origin
    expect(widgetFiles.some((url) => url === `${origin}/widget/loader.js`)).toBe(true)
    expect(widgetFiles.some((url) => /\/widget\/assets\/widget-[A-Za-z0-9]+\.js$/.test(url))).toBe(true)
    expect(widgetFiles.every((url) => url.startsWith(origin))).toBe(true)
  })

  it('keeps its styles to itself: the hostile page changes none of them, and it changes none of the page', async () => {
    const widget = page.locator('engage-order-widget')
    await widget.getByRole('textbox', { name: 'Link' }).waitFor()
    const onHostilePage = await widgetStyles(widget)
    const hostWithWidget = await hostStyles(page)

    // The same page without its stylesheet: the widget must look exactly the same.
    const plain = await context.newPage()
    await plain.goto(partnerUrl('?hostile=0'))
    const plainWidget = plain.locator('engage-order-widget')
    await plainWidget.getByRole('textbox', { name: 'Link' }).waitFor()
    expect(onHostilePage).toEqual(await widgetStyles(plainWidget))
    await plain.close()
    // Sanity: the hostile stylesheet is applied to the page itself.
    expect(hostWithWidget.find(([selector]) => selector === '.host-text')?.[1]).toContain('Comic Sans')
    expect(onHostilePage.label['font-family']).not.toContain('Comic Sans')
    expect(onHostilePage.label['text-transform']).toBe('none')

    // The page's own elements, before and after the widget: a fresh load with no element on it yet.
    const bare = await context.newPage()
    await bare.goto(partnerUrl())
    await bare.evaluate(() => document.querySelector('engage-order-widget')?.remove())
    expect(await hostStyles(bare)).toEqual(hostWithWidget)
    await bare.close()
    // No stylesheet was added to the page's <head> (only the page's own): the widget's lives in its shadow root.
    const headStyles = await page.evaluate(
      () => document.head.querySelectorAll('style, link[rel="stylesheet"]').length,
    )
    expect(headStyles).toBe(1)
  })

  it('fills in with a live total, under the page policy without a single violation', async () => {
    const widget = page.locator('engage-order-widget')
    await choose(widget, 'Action Type', 'FOLLOWERS')
    await widget.getByRole('textbox', { name: 'Link' }).fill('https://www.instagram.com/sunnysidebakery/')
    await widget.getByRole('textbox', { name: 'Quantity' }).fill('1500')

    const rates = (await (await fetch(new URL('/api/get-services', baseUrl()))).json()) as Record<
      string,
      number
    >
    await expect
      .poll(() => widget.getByRole('status', { name: 'Total' }).textContent())
      .toBe(formatOrderTotal('followers', rates, 1500))
    expect(await policyViolations(page)).toEqual([])
    expect(pageErrors.errors).toEqual([])
  })

  it('opens the panel from Order and, after sign-up, shows the order form prefilled', async () => {
    await page.locator('engage-order-widget').getByRole('button', { name: 'Order', exact: true }).click()
    // A signed-out visitor goes through the panel's sign-in; the deep link's query survives it.
    await page.waitForURL((url) => url.origin === new URL(baseUrl()).origin && url.pathname === '/auth')
    await page.getByRole('link', { name: "Don't have an account? Sign up" }).click()
    await page.getByRole('heading', { name: 'Sign Up', level: 1 }).waitFor()
    await page.getByLabel('Email').fill(`widget-${Date.now()}@example.com`)
    await page.getByLabel('Password').fill(PASSWORD)
    await page.getByRole('button', { name: 'Sign Up', exact: true }).click()

    await page.waitForURL((url) => url.pathname === '/dashboard')
    const query = new URL(page.url()).searchParams
    expect(Object.fromEntries(query)).toEqual({
      service: 'followers',
      link: 'https://www.instagram.com/sunnysidebakery/',
      quantity: '1500',
    })
    const orderForm = page.getByRole('form', { name: 'New order' })
    await expect
      .poll(() => shownOption(orderForm.getByRole('combobox', { name: 'Action Type' })))
      .toBe('FOLLOWERS')
    expect(await orderForm.getByLabel('Link').inputValue()).toBe('https://www.instagram.com/sunnysidebakery/')
    expect(await orderForm.getByLabel('Quantity').inputValue()).toBe('1500')
    expect(pageErrors.errors).toEqual([])
  })
})

describe('the loader on a long partner page', () => {
  let browser: Browser
  let page: Page

  beforeAll(async () => {
    browser = await launchBrowser()
    const context = await browser.newContext({ viewport: { width: 375, height: 700 } })
    context.setDefaultTimeout(15_000)
    page = await context.newPage()
    // The demo page made long: a tall block goes in before the widget element as soon as the parser adds it
    // (a mutation observer's microtask, before the async loader runs and before the first frame is drawn).
    await page.addInitScript(() => {
      new MutationObserver((_records, observer) => {
        const widget = document.querySelector('engage-order-widget')
        if (!widget) return
        observer.disconnect()
        const spacer = document.createElement('div')
        spacer.style.height = '6000px'
        widget.before(spacer)
      }).observe(document, { childList: true, subtree: true })
    })
  })

  afterAll(async () => {
    await browser?.close()
  })

  beforeEach((test) => {
    screenshotOnFailure(page, `widget-long-${test.task.name}`)
  })

  it('loads the bundle only when the element comes near the viewport, and follows its attributes', async () => {
    const bundleRequests: string[] = []
    page.on('request', (request) => {
      if (request.url().includes('/widget/assets/')) bundleRequests.push(request.url())
    })
    await page.goto(partnerUrl('?hostile=0'))
    await expect
      .poll(() => page.evaluate(() => customElements.get('engage-order-widget') !== undefined), {
        timeout: 10_000,
      })
      .toBe(true)
    await page.waitForTimeout(500)
    expect(bundleRequests).toEqual([])

    const widget = page.locator('engage-order-widget')
    await widget.scrollIntoViewIfNeeded()
    await widget.getByRole('combobox', { name: 'Action Type' }).waitFor()
    expect(bundleRequests).toHaveLength(1)

    const theme = () =>
      widget.evaluate((element) =>
        element.shadowRoot?.querySelector('[data-theme]')?.getAttribute('data-theme'),
      )
    expect(await theme()).toBe('dark')
    await widget.evaluate((element) => element.setAttribute('theme', 'light'))
    await expect.poll(theme, { timeout: 5_000 }).toBe('light')
  })
})

describe('a loader cached before a deploy', () => {
  let browser: Browser

  beforeAll(async () => {
    browser = await launchBrowser()
  })

  afterAll(async () => {
    await browser?.close()
  })

  it('names a bundle the server no longer has, and still shows the widget from the current one', async () => {
    const context = await browser.newContext({ viewport: { width: 375, height: 700 } })
    context.setDefaultTimeout(15_000)
    const page = await context.newPage()
    screenshotOnFailure(page, 'widget-stale-loader')
    // The loader as a browser may still hold it for a minute after a deploy: it names the previous build's
    // bundle, which the server (holding only the new build) answers with 404.
    let namedBundle = ''
    await page.route('**/widget/loader.js', async (route) => {
      const response = await route.fetch()
      const body = (await response.text()).replace(/assets\/widget-[A-Za-z0-9_-]+\.js/, (name) => {
        namedBundle = name
        return 'assets/widget-0previousbuild.js'
      })
      await route.fulfill({ response, body })
    })
    const widgetRequests: string[] = []
    page.on('request', (request) => {
      const { pathname } = new URL(request.url())
      if (pathname.startsWith('/widget/') && pathname !== '/widget/demo') widgetRequests.push(pathname)
    })

    await page.goto(partnerUrl('?hostile=0'))
    const widget = page.locator('engage-order-widget')
    await expect.poll(() => shownOption(widget.getByRole('combobox', { name: 'Action Type' }))).toBe('LIKES')
    expect(namedBundle).toMatch(/^assets\/widget-/)
    // The named bundle first, then the stable module, which imports the current bundle.
    expect(widgetRequests).toEqual([
      '/widget/loader.js',
      '/widget/assets/widget-0previousbuild.js',
      '/widget/current.js',
      `/widget/${namedBundle}`,
    ])
    expect((await fetch(new URL('/widget/assets/widget-0previousbuild.js', baseUrl()))).status).toBe(404)
    await context.close()
  })
})
