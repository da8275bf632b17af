import type { Browser, Locator, Page } from 'playwright-core'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { SERVICE_TYPE_REQUIRED, VALID_URL_REQUIRED } from '@engage/contract'
import { ensureWidgetBuilt } from '../../../scripts/widget-build.mjs'
import { launchChromium, startHost, type Host } from './host'

// The e2e test drives the widget with the mouse; this one drives it from the keyboard: the Action Type select
// (a native select: arrow keys and typing change the choice, and the form's state follows), the fields, and
// Enter to submit. Each step waits for what it leads to before the next key.

/** What has focus, through the widget's shadow root. */
const focused = (page: Page) =>
  page.evaluate(() => {
    let active = document.activeElement
    while (active?.shadowRoot?.activeElement) active = active.shadowRoot.activeElement
    // A select reads as the option it shows.
    const text = active instanceof HTMLSelectElement ? active.selectedOptions[0]?.text : active?.textContent
    return { role: active?.getAttribute('role') ?? active?.tagName.toLowerCase(), text }
  })

// A browser on a busy shared machine: a test takes a few seconds.
describe('the built widget bundle in Chromium, from the keyboard', { timeout: 30_000 }, () => {
  let host: Host
  let browser: Browser
  let page: Page
  let widget: Locator
  let origin: string
  const errors: string[] = []

  beforeAll(async () => {
    ensureWidgetBuilt({ log: (message: string) => console.log(`[widget] ${message}`) })
    host = await startHost('<engage-order-widget theme="light"></engage-order-widget>')
    origin = host.origin
    browser = await launchChromium()
  })

  afterAll(async () => {
    await browser?.close()
    await host?.close()
  })

  beforeEach(async () => {
    errors.length = 0
    page = await browser.newPage()
    page.on('pageerror', (error) => errors.push(error.message))
    page.on('console', (message) => {
      if (message.type() === 'error') errors.push(message.text())
    })
    await page.goto(origin)
    widget = page.locator('engage-order-widget')
    await expect.poll(() => widget.getByRole('combobox', { name: 'Action Type' }).isEnabled()).toBe(true)
  })

  it('moves through the choices with the arrow keys and typing; the total follows', async () => {
    const select = widget.getByRole('combobox', { name: 'Action Type' })
    await select.focus()
    await page.keyboard.press('ArrowDown')
    await expect.poll(() => focused(page)).toEqual({ role: 'select', text: 'LIKES' })
    await page.keyboard.press('ArrowDown')
    await expect.poll(() => focused(page)).toEqual({ role: 'select', text: 'FOLLOWERS' })
    await page.keyboard.press('v')
    await expect.poll(() => focused(page)).toEqual({ role: 'select', text: 'VIEWS' })

    await page.keyboard.press('Tab')
    await page.keyboard.type('https://example.com/post')
    await page.keyboard.press('Tab')
    await page.keyboard.type('2500')
    await expect.poll(() => widget.locator('output').textContent()).toBe('$2.5000')
    // The form's state follows the keyboard's choice: FOLLOWERS instead of VIEWS changes the total.
    await select.focus()
    await page.keyboard.press('ArrowUp')
    await expect.poll(() => widget.locator('output').textContent()).toBe('$50.0000')
    expect(errors).toEqual([])
  })

  it('never goes back to the placeholder once a choice is made', async () => {
    const select = widget.getByRole('combobox', { name: 'Action Type' })
    await select.focus()
    await expect.poll(() => focused(page)).toEqual({ role: 'select', text: 'Select an action type' })
    await page.keyboard.press('ArrowDown')
    await expect.poll(() => focused(page)).toEqual({ role: 'select', text: 'LIKES' })
    await page.keyboard.press('ArrowUp')
    await page.keyboard.press('ArrowUp')
    expect(await focused(page)).toEqual({ role: 'select', text: 'LIKES' })
    expect(errors).toEqual([])
  })

  it('submits from the keyboard: Enter in a field shows the messages, then opens the panel when valid', async () => {
    await widget.getByRole('textbox', { name: 'Quantity' }).focus()
    await page.keyboard.press('Enter')
    await expect.poll(() => widget.getByText(SERVICE_TYPE_REQUIRED).count()).toBe(1)
    expect(await widget.getByText(VALID_URL_REQUIRED).count()).toBe(1)

    await widget.getByRole('combobox', { name: 'Action Type' }).focus()
    await page.keyboard.press('ArrowDown')
    await expect.poll(() => focused(page)).toEqual({ role: 'select', text: 'LIKES' })
    await page.keyboard.press('Tab')
    await page.keyboard.type('https://example.com/post')
    await page.keyboard.press('Tab')
    await page.keyboard.type('100')
    await expect.poll(() => widget.locator('output').textContent()).toBe('$1.0000')
    await page.keyboard.press('Enter')
    await page.waitForURL((url) => url.pathname === '/dashboard')
    expect(Object.fromEntries(new URL(page.url()).searchParams)).toEqual({
      service: 'likes',
      link: 'https://example.com/post',
      quantity: '100',
    })
    expect(errors).toEqual([])
  })
})
