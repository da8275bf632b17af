import type { Meta, StoryObj } from '@storybook/react-vite'
import { expect, fn, userEvent, waitFor, within } from 'storybook/test'
import {
  INSUFFICIENT_BALANCE,
  MASS_ORDERS_PLACED,
  NO_SERVICES_AVAILABLE,
  QUANTITY_RANGE_MESSAGE,
  TOTAL_USD_AMOUNT,
  VALID_URL_REQUIRED,
} from '@engage/contract'
import { createMockState, createScenario, handlers, scenarios } from '@engage/mocks'
import { MassOrderQueue, type AiSettingsChoiceRequest } from '@engage/screens'
import { clearLiveAnnouncements } from '../support/announcements'
import { chooseActionType } from '../support/select'
import { recordBodies } from '../support/requests'
import { orderScreenDecorators } from '../support/screens'
import { findToast } from '../support/toasts'

// Stands in for the page's AI settings picker: each choice adds the next preset id to the selection.
const presetIds = ['default', 'reasoner']
function pickNextAiSetting(request: AiSettingsChoiceRequest) {
  const next = presetIds.find((id) => !request.selectedIds.includes(id))
  request.onApply(next === undefined ? [...request.selectedIds] : [...request.selectedIds, next])
}

const meta = {
  component: MassOrderQueue,
  title: 'Screens/MassOrderQueue',
  decorators: orderScreenDecorators({ padding: 'xlarge', maxWidth: 'medium' }),
  beforeEach: clearLiveAnnouncements,
  parameters: { msw: { handlers: scenarios.default } },
} satisfies Meta<typeof MassOrderQueue>
export default meta
type Story = StoryObj<typeof meta>

type Canvas = ReturnType<typeof within>

async function fillItem(canvas: Canvas, item: { type?: string; quantity: string; url: string }) {
  if (item.type) await chooseActionType(canvas, item.type)
  const quantity = canvas.getByRole('textbox', { name: 'Quantity' })
  const url = canvas.getByRole('textbox', { name: 'URL' })
  await userEvent.clear(quantity)
  await userEvent.type(quantity, item.quantity)
  await userEvent.clear(url)
  await userEvent.type(url, item.url)
}

async function addItem(canvas: Canvas, item: { type?: string; quantity: string; url: string }) {
  await fillItem(canvas, item)
  await userEvent.click(canvas.getByRole('button', { name: 'Add Another Service' }))
}

const totalAmount = (canvas: Canvas) => canvas.getByText(TOTAL_USD_AMOUNT).nextElementSibling
const queuedCards = (canvas: Canvas) =>
  within(canvas.getByRole('list', { name: 'Queued services' })).getAllByRole('listitem')

export const Default: Story = {
  play: async ({ canvas }) => {
    const select = canvas.getByRole('combobox', { name: 'Action Type' })
    // A mass order item starts as likes.
    await waitFor(() => expect(select).toHaveDisplayValue('LIKES'))
    await expect(canvas.getByRole('textbox', { name: 'Quantity' })).toHaveValue('')
    await expect(canvas.getByRole('textbox', { name: 'URL' })).toHaveAttribute('type', 'url')
    await expect(canvas.getByRole('button', { name: 'Add Another Service' })).toBeDisabled()
    await expect(canvas.getByRole('button', { name: 'Place Mass Order' })).toBeDisabled()
    await expect(canvas.queryByRole('button', { name: 'AI Settings' })).toBeNull()
    await expect(totalAmount(canvas)).toHaveTextContent('$0.0000')
    await expect(canvas.getByText('No services queued yet.')).toBeVisible()
  },
}

export const Loading: Story = {
  parameters: { msw: { handlers: [handlers.getServices.loading(), ...scenarios.default] } },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('combobox', { name: 'Action Type' })).toBeDisabled()
    await expect(canvas.getByRole('combobox', { name: 'Action Type' })).toHaveDisplayValue(
      'Loading services...',
    )
  },
}

export const Empty: Story = {
  parameters: { msw: { handlers: scenarios.empty } },
  play: async ({ canvas }) => {
    const select = canvas.getByRole('combobox', { name: 'Action Type' })
    // likes is not offered, so the select shows the empty message.
    await waitFor(() => expect(select).toHaveDisplayValue(NO_SERVICES_AVAILABLE))
    await expect(select).toBeDisabled()
  },
}

export const ServerError: Story = {
  parameters: { msw: { handlers: scenarios.serverError } },
  play: async ({ canvas }) => {
    await waitFor(() =>
      expect(canvas.getByRole('combobox', { name: 'Action Type' })).toHaveDisplayValue(NO_SERVICES_AVAILABLE),
    )
    await expect(canvas.getByRole('button', { name: 'Place Mass Order' })).toBeDisabled()
  },
}

export const AddAnotherServiceRules: Story = {
  play: async ({ canvas, step }) => {
    const add = canvas.getByRole('button', { name: 'Add Another Service' })
    const quantity = canvas.getByRole('textbox', { name: 'Quantity' })
    const url = canvas.getByRole('textbox', { name: 'URL' })
    await step('disabled with a url but no quantity', async () => {
      await userEvent.type(url, 'https://x.com/engagepanel/status/1')
      await expect(add).toBeDisabled()
    })
    await step('disabled with a quantity of 0', async () => {
      await userEvent.type(quantity, '0')
      await expect(add).toBeDisabled()
    })
    await step('enabled with a quantity above 0 and a url', async () => {
      await userEvent.clear(quantity)
      await userEvent.type(quantity, '500')
      await expect(add).toBeEnabled()
    })
    await step('disabled again without a url', async () => {
      await userEvent.clear(url)
      await expect(add).toBeDisabled()
    })
    await step('an item out of the rules shows the messages by its fields', async () => {
      await userEvent.clear(quantity)
      await userEvent.type(quantity, '20000')
      await userEvent.type(url, 'x.com/engagepanel')
      await userEvent.click(add)
      await expect(await canvas.findByText(QUANTITY_RANGE_MESSAGE)).toBeVisible()
      await expect(canvas.getByText(VALID_URL_REQUIRED)).toBeVisible()
      await expect(canvas.queryByRole('list', { name: 'Queued services' })).toBeNull()
    })
  },
}

export const ServiceLimits: Story = {
  name: "An item is held to its service's own limits",
  play: async ({ canvas, step }) => {
    const quantity = canvas.getByRole('textbox', { name: 'Quantity' })
    await userEvent.type(canvas.getByRole('textbox', { name: 'URL' }), 'https://x.com/engagepanel/status/1')
    await step('AI tweets stop at 500: the hint says so', async () => {
      await chooseActionType(canvas, 'AI TWEETS')
      await expect(await canvas.findByText('From 1 to 500')).toBeVisible()
    })
    await step('600 AI tweets are refused beside the field and stay out of the queue', async () => {
      await userEvent.type(quantity, '600')
      await userEvent.click(canvas.getByRole('button', { name: 'Add Another Service' }))
      await expect(await canvas.findByText('Quantity must be between 1 - 500')).toBeVisible()
      await expect(canvas.getByRole('button', { name: 'Place Mass Order' })).toBeDisabled()
    })
    await step('another service checks the quantity again: 600 views are fine, 50 are not', async () => {
      await chooseActionType(canvas, 'VIEWS')
      await waitFor(() => expect(quantity).toHaveAttribute('placeholder', 'Minimum: 100'))
      await waitFor(() => expect(canvas.queryByText('Quantity must be between 1 - 500')).toBeNull())
      await userEvent.clear(quantity)
      await userEvent.type(quantity, '50')
      await expect(await canvas.findByText('Quantity must be between 100 - 10,000')).toBeVisible()
    })
  },
}

export const AddItems: Story = {
  play: async ({ canvas, step }) => {
    await step('an added item becomes a card and the form starts again at likes', async () => {
      await addItem(canvas, { quantity: '500', url: 'https://x.com/engagepanel/status/1' })
      const [card] = queuedCards(canvas)
      await expect(card).toHaveTextContent('LIKES')
      await expect(card).toHaveTextContent('Quantity: 500')
      await expect(card).toHaveTextContent('URL: https://x.com/engagepanel/status/1')
      await expect(card).toHaveTextContent('AI settings: 0')
      await expect(canvas.getByRole('combobox', { name: 'Action Type' })).toHaveDisplayValue('LIKES')
      await expect(canvas.getByRole('textbox', { name: 'Quantity' })).toHaveValue('')
      await expect(canvas.getByRole('textbox', { name: 'URL' })).toHaveValue('')
      // likes: 500 × 0.0012
      await expect(totalAmount(canvas)).toHaveTextContent('$0.6000')
      await expect(canvas.getByRole('button', { name: 'Place Mass Order' })).toBeEnabled()
    })
    await step('the total is the sum over the queue', async () => {
      await addItem(canvas, { type: 'VIEWS', quantity: '1000', url: 'https://youtube.com/watch?v=1' })
      await expect(queuedCards(canvas)).toHaveLength(2)
      // + views: 1000 × 0.0004
      await expect(totalAmount(canvas)).toHaveTextContent('$1.0000')
    })
    await step('an item can be removed', async () => {
      await userEvent.click(
        within(queuedCards(canvas)[0] as HTMLElement).getByRole('button', { name: 'Remove' }),
      )
      await expect(queuedCards(canvas)).toHaveLength(1)
      await expect(totalAmount(canvas)).toHaveTextContent('$0.4000')
    })
  },
}

export const EditAnItem: Story = {
  play: async ({ canvas, step }) => {
    await addItem(canvas, { quantity: '500', url: 'https://x.com/engagepanel/status/1' })
    await addItem(canvas, { type: 'FOLLOWERS', quantity: '200', url: 'https://instagram.com/engage' })
    await step(
      'edit item loads the item into the form; Save Changes replaces Add Another Service',
      async () => {
        await userEvent.click(
          within(queuedCards(canvas)[1] as HTMLElement).getByRole('button', { name: 'Edit item' }),
        )
        await expect(canvas.getByRole('combobox', { name: 'Action Type' })).toHaveDisplayValue('FOLLOWERS')
        await expect(canvas.getByRole('textbox', { name: 'Quantity' })).toHaveValue('200')
        await expect(canvas.getByRole('textbox', { name: 'URL' })).toHaveValue('https://instagram.com/engage')
        await expect(canvas.queryByRole('button', { name: 'Add Another Service' })).toBeNull()
        await expect(queuedCards(canvas)[1]).toHaveAttribute('aria-current', 'true')
      },
    )
    await step('Save Changes waits for a quantity and a url', async () => {
      await userEvent.clear(canvas.getByRole('textbox', { name: 'Quantity' }))
      await expect(canvas.getByRole('button', { name: 'Save Changes' })).toBeDisabled()
    })
    await step('Save Changes replaces the item at its place and ends the edit', async () => {
      await userEvent.type(canvas.getByRole('textbox', { name: 'Quantity' }), '800')
      await userEvent.click(canvas.getByRole('button', { name: 'Save Changes' }))
      const cards = queuedCards(canvas)
      await expect(cards).toHaveLength(2)
      await expect(cards[0]).toHaveTextContent('LIKES')
      await expect(cards[1]).toHaveTextContent('FOLLOWERS')
      await expect(cards[1]).toHaveTextContent('Quantity: 800')
      await expect(canvas.getByRole('button', { name: 'Add Another Service' })).toBeDisabled()
      await expect(canvas.getByRole('textbox', { name: 'Quantity' })).toHaveValue('')
      // likes 500 × 0.0012 + followers 800 × 0.0025
      await expect(totalAmount(canvas)).toHaveTextContent('$2.6000')
    })
    await step('Cancel Editing leaves the item as it was', async () => {
      await userEvent.click(
        within(queuedCards(canvas)[0] as HTMLElement).getByRole('button', { name: 'Edit item' }),
      )
      await userEvent.clear(canvas.getByRole('textbox', { name: 'Quantity' }))
      await userEvent.type(canvas.getByRole('textbox', { name: 'Quantity' }), '9')
      await userEvent.click(canvas.getByRole('button', { name: 'Cancel Editing' }))
      await expect(queuedCards(canvas)[0]).toHaveTextContent('Quantity: 500')
      await expect(canvas.getByRole('textbox', { name: 'Quantity' })).toHaveValue('')
    })
  },
}

export const AiSettingsForAiServices: Story = {
  args: { onChooseAiSettings: fn(pickNextAiSetting) },
  play: async ({ canvas, args, step }) => {
    await step('no AI Settings button for likes', async () => {
      await waitFor(() =>
        expect(canvas.getByRole('combobox', { name: 'Action Type' })).toHaveDisplayValue('LIKES'),
      )
      await expect(canvas.queryByRole('button', { name: 'AI Settings' })).toBeNull()
    })
    await step('ai_comments: AI Settings asks the page for settings', async () => {
      await chooseActionType(canvas, 'AI COMMENTS')
      await userEvent.click(canvas.getByRole('button', { name: 'AI Settings' }))
      await expect(args.onChooseAiSettings).toHaveBeenLastCalledWith(
        expect.objectContaining({ selectedIds: [] }),
      )
      await expect(canvas.getByText('1 AI setting selected')).toBeVisible()
      await fillItem(canvas, { quantity: '30', url: 'https://x.com/engagepanel/status/7' })
      await userEvent.click(canvas.getByRole('button', { name: 'Add Another Service' }))
      await expect(queuedCards(canvas)[0]).toHaveTextContent('AI settings: 1')
    })
    await step('edit AI settings on a card changes that item only', async () => {
      await addItem(canvas, { quantity: '100', url: 'https://x.com/engagepanel/status/8' })
      const [aiCard, likesCard] = queuedCards(canvas) as [HTMLElement, HTMLElement]
      await expect(within(likesCard).queryByRole('button', { name: 'Edit AI settings' })).toBeNull()
      await userEvent.click(within(aiCard).getByRole('button', { name: 'Edit AI settings' }))
      await expect(args.onChooseAiSettings).toHaveBeenLastCalledWith(
        expect.objectContaining({ selectedIds: ['default'] }),
      )
      await expect(queuedCards(canvas)[0]).toHaveTextContent('AI settings: 2')
      await expect(queuedCards(canvas)[1]).toHaveTextContent('AI settings: 0')
    })
    await step('ai_tweets offers AI Settings too', async () => {
      await chooseActionType(canvas, 'AI TWEETS')
      await expect(canvas.getByRole('button', { name: 'AI Settings' })).toBeVisible()
    })
  },
}

const sentMassOrders: unknown[] = []
const placeState = createMockState()

export const PlaceMassOrder: Story = {
  args: { onOrdersPlaced: fn(), onChooseAiSettings: fn(pickNextAiSetting) },
  beforeEach: () => {
    sentMassOrders.length = 0
  },
  parameters: {
    msw: {
      handlers: [recordBodies('createMassOrder', sentMassOrders), ...createScenario('default', placeState)],
    },
  },
  play: async ({ canvas, args }) => {
    await addItem(canvas, { quantity: '500', url: 'https://x.com/engagepanel/status/11' })
    await chooseActionType(canvas, 'AI TWEETS')
    await userEvent.click(canvas.getByRole('button', { name: 'AI Settings' }))
    await addItem(canvas, { quantity: '10', url: 'https://x.com/engagepanel/status/12' })
    await userEvent.click(canvas.getByRole('button', { name: 'Place Mass Order' }))
    await expect(await findToast(MASS_ORDERS_PLACED)).toBeVisible()
    await expect(sentMassOrders).toEqual([
      {
        items: [
          { type: 'likes', quantity: 500, url: 'https://x.com/engagepanel/status/11' },
          {
            type: 'ai_tweets',
            quantity: 10,
            url: 'https://x.com/engagepanel/status/12',
            aiSettings: ['default'],
          },
        ],
      },
    ])
    await expect(args.onOrdersPlaced).toHaveBeenCalledWith([
      expect.objectContaining({ service_type: 'likes', quantity: 500 }),
      expect.objectContaining({ service_type: 'ai_tweets', quantity: 10 }),
    ])
    await expect(canvas.queryByRole('list', { name: 'Queued services' })).toBeNull()
    await expect(canvas.getByRole('button', { name: 'Place Mass Order' })).toBeDisabled()
    await expect(totalAmount(canvas)).toHaveTextContent('$0.0000')
  },
}

export const PlaceMassOrderRefused: Story = {
  parameters: {
    msw: { handlers: [handlers.createMassOrder.failure(INSUFFICIENT_BALANCE, 402), ...scenarios.default] },
  },
  play: async ({ canvas }) => {
    await addItem(canvas, { quantity: '500', url: 'https://x.com/engagepanel/status/11' })
    await userEvent.click(canvas.getByRole('button', { name: 'Place Mass Order' }))
    await expect(await findToast(INSUFFICIENT_BALANCE)).toBeVisible()
    // The queue stays, to be placed again after a deposit.
    await expect(queuedCards(canvas)).toHaveLength(1)
  },
}
