import type { Meta, StoryObj } from '@storybook/react-vite'
import { useEffect } from 'react'
import { expect, fn, userEvent, waitFor, within } from 'storybook/test'
import {
  NO_SERVICES_AVAILABLE,
  QUANTITY_RANGE_MESSAGE,
  SERVICE_TYPE_REQUIRED,
  VALID_URL_REQUIRED,
} from '@engage/contract'
import { handlers, scenarios } from '@engage/mocks'
import type { Theme } from '@engage/ui'
import {
  OrderWidget,
  WIDGET_EVENTS,
  WIDGET_PANEL_LINK,
  WIDGET_TRY_AGAIN,
  WIDGET_UNAVAILABLE,
  type WidgetOrderDetail,
} from '@engage/widget'
import { chooseActionType } from '../support/select'

// The order widget as partner sites embed it: the panel's OrderForm in a shadow root of its own, with the
// services and prices of the public services endpoint (MSW here). Its Order button hands the panel's link to
// `onOrder` instead of leaving the story. The widget follows the story pass's theme, as a partner would set it.

const meta = {
  component: OrderWidget,
  title: 'Widget/OrderWidget',
  args: { onOrder: fn() },
  render: (args, { globals }) => (
    <div style={{ maxWidth: '32rem', padding: '1.5rem' }}>
      <OrderWidget {...args} theme={args.theme ?? (globals.theme as Theme | undefined) ?? 'dark'} />
    </div>
  ),
  parameters: { msw: { handlers: scenarios.default } },
} satisfies Meta<typeof OrderWidget>
export default meta
type Story = StoryObj<typeof meta>

/** The widget's shadow root, once the widget has rendered into it. */
async function widgetRoot(canvasElement: HTMLElement) {
  const root = await waitFor(() => {
    const found = [...canvasElement.querySelectorAll('div')].find((element) => element.shadowRoot)?.shadowRoot
    if (!found?.querySelector('form')) throw new Error('the widget has not rendered yet')
    return found
  })
  // Testing Library queries a shadow root as it queries an element (both have querySelectorAll).
  return within(root as unknown as HTMLElement)
}

/**
 * Types into one of the widget's text fields as a browser does (Playwright's `fill`): user-event sends its key
 * and input events to the document's active element, which for a field in a shadow root is the shadow host, so
 * React never hears of the change. Focus, the new value through the native setter, then the input event.
 */
async function fill(input: HTMLElement, text: string) {
  await userEvent.click(input)
  const setValue = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')?.set
  setValue?.call(input, text)
  input.dispatchEvent(new Event('input', { bubbles: true, composed: true }))
  await expect(input).toHaveValue(text)
}

export const Default: Story = {
  play: async ({ canvasElement, args, step }) => {
    const widget = await widgetRoot(canvasElement)
    await step('choose a service, a link and a quantity; the total follows', async () => {
      await chooseActionType(widget, 'FOLLOWERS')
      await fill(widget.getByRole('textbox', { name: 'Link' }), 'https://x.com/engagepanel')
      await fill(widget.getByRole('textbox', { name: 'Quantity' }), '400')
      // followers cost 0.0025 USD per unit
      await expect(widget.getByRole('status', { name: 'Total' })).toHaveTextContent('$1.0000')
    })
    await step('Order hands over the panel link with the order prefilled', async () => {
      await userEvent.click(widget.getByRole('button', { name: 'Order' }))
      await waitFor(() =>
        expect(args.onOrder).toHaveBeenCalledWith(
          '/dashboard?service=followers&link=https%3A%2F%2Fx.com%2Fengagepanel&quantity=400',
          { serviceType: 'followers', url: 'https://x.com/engagepanel', quantity: 400 },
        ),
      )
    })
  },
}

export const PreselectedService: Story = {
  args: { service: 'likes', apiBase: '', panelUrl: 'https://panel.example' },
  play: async ({ canvasElement, args }) => {
    const widget = await widgetRoot(canvasElement)
    await waitFor(() =>
      expect(widget.getByRole('combobox', { name: 'Action Type' })).toHaveDisplayValue('LIKES'),
    )
    await fill(widget.getByRole('textbox', { name: 'Link' }), 'https://instagram.com/p/1')
    await fill(widget.getByRole('textbox', { name: 'Quantity' }), '1000')
    // likes cost 0.0012 USD per unit
    await expect(widget.getByRole('status', { name: 'Total' })).toHaveTextContent('$1.2000')
    await userEvent.click(widget.getByRole('button', { name: 'Order' }))
    await waitFor(() =>
      expect(args.onOrder).toHaveBeenCalledWith(
        'https://panel.example/dashboard?service=likes&link=https%3A%2F%2Finstagram.com%2Fp%2F1&quantity=1000',
        { serviceType: 'likes', url: 'https://instagram.com/p/1', quantity: 1000 },
      ),
    )
  },
}

export const UnknownPreselectedService: Story = {
  name: 'Unknown preselected service (left to the customer)',
  args: { service: 'no_such_service' },
  play: async ({ canvasElement }) => {
    const widget = await widgetRoot(canvasElement)
    const select = widget.getByRole('combobox', { name: 'Action Type' })
    await waitFor(() => expect(select).toBeEnabled())
    await expect(select).toHaveDisplayValue('Select an action type')
  },
}

export const ValidationMessages: Story = {
  play: async ({ canvasElement, args }) => {
    const widget = await widgetRoot(canvasElement)
    await userEvent.click(widget.getByRole('button', { name: 'Order' }))
    await expect(await widget.findByText(SERVICE_TYPE_REQUIRED)).toBeVisible()
    await expect(widget.getByText(VALID_URL_REQUIRED)).toBeVisible()
    await expect(widget.getByText(QUANTITY_RANGE_MESSAGE)).toBeVisible()
    await expect(args.onOrder).not.toHaveBeenCalled()
  },
}

export const Loading: Story = {
  parameters: { msw: { handlers: [handlers.listServices.loading(), ...scenarios.default] } },
  play: async ({ canvasElement }) => {
    const widget = await widgetRoot(canvasElement)
    const select = widget.getByRole('combobox', { name: 'Action Type' })
    await expect(select).toHaveDisplayValue('Loading services...')
    await expect(select).toBeDisabled()
  },
}

export const Empty: Story = {
  parameters: { msw: { handlers: scenarios.empty } },
  play: async ({ canvasElement }) => {
    const widget = await widgetRoot(canvasElement)
    const select = widget.getByRole('combobox', { name: 'Action Type' })
    await waitFor(() => expect(select).toHaveDisplayValue(NO_SERVICES_AVAILABLE))
    await expect(select).toBeDisabled()
  },
}

/** The API is down: a compact message with a link into the panel, no form; it tries again by itself. */
export const ServerError: Story = {
  args: { service: 'likes', panelUrl: 'https://panel.example' },
  parameters: { msw: { handlers: scenarios.serverError } },
  play: async ({ canvasElement }) => {
    const root = await waitFor(() => {
      const found = [...canvasElement.querySelectorAll('div')].find(
        (element) => element.shadowRoot,
      )?.shadowRoot
      if (!found?.querySelector('[role="alert"]')) throw new Error('the widget shows no message yet')
      return found
    })
    const widget = within(root as unknown as HTMLElement)
    await expect(widget.getByRole('alert')).toHaveTextContent(WIDGET_UNAVAILABLE)
    await expect(widget.getByRole('link', { name: WIDGET_PANEL_LINK })).toHaveAttribute(
      'href',
      'https://panel.example/dashboard?service=likes',
    )
    await expect(widget.getByRole('button', { name: WIDGET_TRY_AGAIN })).toBeEnabled()
    await expect(widget.queryByRole('combobox')).toBeNull()
    await expect(widget.queryByRole('button', { name: 'Order' })).toBeNull()
  },
}

/**
 * The events a host page listens for: engage:ready once the services are in, engage:order with what the customer
 * is ordering (the page may cancel it and handle the order itself), both bubbling out of the shadow root.
 */
export const HostPageEvents: Story = {
  name: 'Events for the host page',
  play: async ({ canvasElement, args }) => {
    const orders: WidgetOrderDetail[] = []
    let ready = 0
    const onReady = () => ready++
    const onOrderEvent = (event: Event) => {
      orders.push((event as CustomEvent<WidgetOrderDetail>).detail)
      event.preventDefault()
    }
    canvasElement.addEventListener(WIDGET_EVENTS.ready, onReady)
    canvasElement.addEventListener(WIDGET_EVENTS.order, onOrderEvent)
    try {
      const widget = await widgetRoot(canvasElement)
      await waitFor(() => expect(ready).toBe(1))
      await chooseActionType(widget, 'LIKES')
      await fill(widget.getByRole('textbox', { name: 'Link' }), 'https://instagram.com/p/2')
      await fill(widget.getByRole('textbox', { name: 'Quantity' }), '250')
      await userEvent.click(widget.getByRole('button', { name: 'Order' }))
      await waitFor(() =>
        expect(orders).toEqual([
          {
            service: 'likes',
            link: 'https://instagram.com/p/2',
            quantity: 250,
            total: '$0.3000',
            panelLink: '/dashboard?service=likes&link=https%3A%2F%2Finstagram.com%2Fp%2F2&quantity=250',
          },
        ]),
      )
      // Cancelled by the page: the widget leaves the order to it.
      await expect(args.onOrder).not.toHaveBeenCalled()
    } finally {
      canvasElement.removeEventListener(WIDGET_EVENTS.ready, onReady)
      canvasElement.removeEventListener(WIDGET_EVENTS.order, onOrderEvent)
    }
  },
}

// A partner's brand, through the documented custom properties and the widget's `root` part.
const brandCss = `
  .partner-widget {
    --engage-accent: #7a1f5c;
    --engage-accent-hover: #5c1645;
    --engage-on-accent: #ffffff;
    --engage-radius: 2px;
    --engage-font: Georgia, 'Times New Roman', serif;
  }
  .partner-widget::part(root) { border: 2px solid #7a1f5c; box-shadow: 6px 6px 0 #f3d7e8; }
`

function BrandedPage({ children }: { children: React.ReactNode }) {
  useEffect(() => {
    const style = document.createElement('style')
    style.textContent = brandCss
    document.head.append(style)
    return () => style.remove()
  }, [])
  return <>{children}</>
}

/** A partner in its own colours, corners and type: --engage-accent, --engage-radius, --engage-font, ::part(root). */
export const BrandedPartner: Story = {
  name: 'Branded partner',
  args: { className: 'partner-widget', service: 'likes', theme: 'light' },
  decorators: [
    (Story) => (
      <BrandedPage>
        <Story />
      </BrandedPage>
    ),
  ],
  play: async ({ canvasElement }) => {
    const widget = await widgetRoot(canvasElement)
    const order = widget.getByRole('button', { name: 'Order' })
    await waitFor(() => expect(getComputedStyle(order).backgroundColor).toBe('rgb(122, 31, 92)'))
    await expect(getComputedStyle(order).color).toBe('rgb(255, 255, 255)')
    await expect(getComputedStyle(order).borderTopLeftRadius).toBe('2px')
    await expect(getComputedStyle(order).fontFamily).toContain('Georgia')
    const box = getComputedStyle(order.closest('[part="root"]')!)
    await expect(box.borderTopColor).toBe('rgb(122, 31, 92)')
    await expect(box.borderTopWidth).toBe('2px')
  },
}

// A host page stylesheet at its worst, for the story below (a <style> of the story's page, removed after it).
const hostileCss = `
  * { font-family: 'Comic Sans MS', cursive !important; letter-spacing: 0.3em !important;
      text-transform: uppercase !important; color: rgb(120, 0, 64) !important; }
  html, body { background: rgb(255, 250, 205) !important; }
  label, input, button, div, form { padding: 20px !important; border: 4px dashed rgb(0, 200, 0) !important; }
  html { font-size: 22px; }
`

function HostileHostPage({ children }: { children: React.ReactNode }) {
  useEffect(() => {
    const style = document.createElement('style')
    style.textContent = hostileCss
    document.head.append(style)
    return () => style.remove()
  }, [])
  return (
    <>
      <p className="host-text">The partner page&apos;s own text.</p>
      {children}
    </>
  )
}

export const HostileHostPageStyles: Story = {
  name: 'On a page with hostile styles',
  decorators: [
    (Story) => (
      <HostileHostPage>
        <Story />
      </HostileHostPage>
    ),
  ],
  play: async ({ canvasElement }) => {
    const widget = await widgetRoot(canvasElement)
    const hostText = canvasElement.querySelector('.host-text')!
    await waitFor(() => expect(getComputedStyle(hostText).textTransform).toBe('uppercase'))
    const label = getComputedStyle(widget.getByText('Link', { selector: 'label' }))
    await expect(label.fontFamily).not.toContain('Comic Sans')
    await expect(label.textTransform).toBe('none')
    await expect(label.letterSpacing).toBe('normal')
    // The page's 22px root font size does not reach in: the widget's type is in px.
    await expect(label.fontSize).not.toBe(getComputedStyle(document.documentElement).fontSize)
    const input = getComputedStyle(widget.getByRole('textbox', { name: 'Link' }))
    await expect(input.borderTopStyle).not.toBe('dashed')
  },
}
