import type { Browser, BrowserContext, Page } from 'playwright-core'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { formatOrderTotal, quantityHint } from '@engage/contract'
import { ensureWidgetBuilt } from '../../../scripts/widget-build.mjs'
import { WIDGET_PANEL_LINK, WIDGET_TRY_AGAIN, WIDGET_UNAVAILABLE } from '../src/options'
import { hostServices, launchChromium, startHost, type Host } from './host'

// The built widget as a host page meets it: several widgets sharing one service list, the events the page
// listens for, and what the page shows when the loader, the bundle or the API is down (and when they are back).

interface RecordedEvent {
  type: string
  id: string | null
  detail: Record<string, unknown>
}

/** Records the widgets' events on the document; a page that handles the order itself cancels engage:order. */
async function recordEvents(context: BrowserContext) {
  await context.addInitScript(() => {
    const events: unknown[] = []
    ;(window as unknown as { widgetEvents: unknown[] }).widgetEvents = events
    for (const type of ['engage:ready', 'engage:order', 'engage:error']) {
      document.addEventListener(type, (event) => {
        const { detail, target, bubbles, composed } = event as CustomEvent
        if (!bubbles || !composed) throw new Error(`${type} does not bubble out of the widget`)
        events.push({ type, id: (target as Element).id || null, detail })
        if (type === 'engage:order') event.preventDefault()
      })
    }
  })
}

const recorded = (page: Page) =>
  page.evaluate(() => (window as unknown as { widgetEvents: RecordedEvent[] }).widgetEvents)
const recordedOf = async (page: Page, type: string) =>
  (await recorded(page)).filter((event) => event.type === type)

const rates = Object.fromEntries(Object.entries(hostServices).map(([name, { rate }]) => [name, rate]))

describe('the built widget on a host page', { timeout: 40_000 }, () => {
  let host: Host
  let browser: Browser
  let context: BrowserContext
  let page: Page

  beforeAll(async () => {
    ensureWidgetBuilt({ log: (message: string) => console.log(`[widget] ${message}`) })
    host = await startHost('')
    browser = await launchChromium()
  })

  afterAll(async () => {
    await browser?.close()
    await host?.close()
  })

  beforeEach(async () => {
    host.requests.length = 0
    Object.assign(host.down, { loader: false, bundle: false, api: false })
    await context?.close()
    context = await browser.newContext()
    context.setDefaultTimeout(15_000)
    await recordEvents(context)
    page = await context.newPage()
  })

  it('makes one service request for several widgets, shows the quantity range and the panel total', async () => {
    host.body =
      '<engage-order-widget id="first" service="likes"></engage-order-widget>' +
      '<engage-order-widget id="second" theme="light"></engage-order-widget>' +
      '<engage-order-widget id="third" service="views"></engage-order-widget>'
    await page.goto(host.origin)
    const first = page.locator('#first')
    for (const id of ['#first', '#second', '#third']) {
      await expect
        .poll(() => page.locator(id).getByRole('combobox', { name: 'Action Type' }).isEnabled())
        .toBe(true)
    }
    expect(host.requests.filter((path) => path.startsWith('/api/'))).toEqual(['/api/services'])
    await expect
      .poll(async () => (await recordedOf(page, 'engage:ready')).map((event) => event.id))
      .toEqual(expect.arrayContaining(['first', 'second', 'third']))
    expect((await recordedOf(page, 'engage:ready'))[0]?.detail).toEqual({ services: 3 })

    // likes take 10 to 5,000: the range shows under Quantity, and the total is the panel's.
    const likes = hostServices.likes!
    expect(await first.getByText(quantityHint({ min: likes.min, max: likes.max })).count()).toBe(1)
    await first.getByRole('textbox', { name: 'Link' }).fill('https://example.com/post')
    await first.getByRole('textbox', { name: 'Quantity' }).fill('1234')
    const total = formatOrderTotal('likes', rates, 1234)
    await expect.poll(() => first.getByRole('status', { name: 'Total' }).textContent()).toBe(total)

    // The page hears of the order and, cancelling the event, keeps the customer here.
    await first.getByRole('button', { name: 'Order', exact: true }).click()
    await expect
      .poll(() => recordedOf(page, 'engage:order'))
      .toEqual([
        {
          type: 'engage:order',
          id: 'first',
          detail: {
            service: 'likes',
            link: 'https://example.com/post',
            quantity: 1234,
            total,
            panelLink: `${host.origin}/dashboard?service=likes&link=https%3A%2F%2Fexample.com%2Fpost&quantity=1234`,
          },
        },
      ])
    expect(new URL(page.url()).pathname).toBe('/')
    expect(await recordedOf(page, 'engage:error')).toEqual([])
  })

  it('shows a message with a link into the panel while the API is down, and the form once it is back', async () => {
    host.body = '<engage-order-widget id="widget" service="likes"></engage-order-widget>'
    host.down.api = true
    await page.goto(host.origin)
    const widget = page.locator('#widget')
    const alert = widget.getByRole('alert')
    await expect.poll(() => alert.textContent()).toContain(WIDGET_UNAVAILABLE)
    expect(await widget.getByRole('link', { name: WIDGET_PANEL_LINK }).getAttribute('href')).toBe(
      `${host.origin}/dashboard?service=likes`,
    )
    // No blank select and no Order button meanwhile.
    expect(await widget.getByRole('combobox').count()).toBe(0)
    expect(await widget.getByRole('button', { name: 'Order', exact: true }).count()).toBe(0)
    const [error] = await recordedOf(page, 'engage:error')
    expect(error).toMatchObject({ id: 'widget', detail: { reason: 'services', retryInMs: 2000 } })

    // It tries again by itself.
    host.down.api = false
    await expect.poll(() => widget.getByRole('combobox', { name: 'Action Type' }).isEnabled()).toBe(true)
    expect(await widget.getByRole('alert').count()).toBe(0)
    expect(await recordedOf(page, 'engage:ready')).toHaveLength(1)
  })

  it('shows the message from the loader while the bundle cannot be loaded; Try again loads it', async () => {
    host.body = '<engage-order-widget id="widget" theme="light"></engage-order-widget>'
    host.down.bundle = true
    await page.goto(host.origin)
    const widget = page.locator('#widget')
    await expect.poll(() => widget.getByRole('alert').textContent()).toContain(WIDGET_UNAVAILABLE)
    expect(await widget.getByRole('link', { name: WIDGET_PANEL_LINK }).getAttribute('href')).toBe(
      `${host.origin}/dashboard`,
    )
    await expect.poll(async () => (await recordedOf(page, 'engage:error'))[0]?.detail.reason).toBe('bundle')

    host.down.bundle = false
    await widget.getByRole('button', { name: WIDGET_TRY_AGAIN }).click()
    await expect.poll(() => widget.getByRole('combobox', { name: 'Action Type' }).isEnabled()).toBe(true)
    expect(await widget.getByRole('alert').count()).toBe(0)
  })

  it('shows the fallback content the page put inside the element while the loader is down, and hides it after', async () => {
    host.body =
      '<engage-order-widget id="widget" service="likes">' +
      `<p>Order likes on <a href="${host.origin}/dashboard?service=likes">Engage Panel</a>.</p>` +
      '</engage-order-widget>'
    host.down.loader = true
    await page.goto(host.origin)
    const fallback = page.getByRole('link', { name: 'Engage Panel' })
    expect(await fallback.isVisible()).toBe(true)

    host.down.loader = false
    await page.reload()
    await expect
      .poll(() => page.locator('#widget').getByRole('combobox', { name: 'Action Type' }).isEnabled())
      .toBe(true)
    expect(await fallback.isVisible()).toBe(false)
  })
})
