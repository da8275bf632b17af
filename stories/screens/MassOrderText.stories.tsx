import type { Meta, StoryObj } from '@storybook/react-vite'
import { expect, userEvent, waitFor, within } from 'storybook/test'
import { MASS_ORDERS_PLACED, MASS_TEXT_LINE_FORMAT, VALID_URL_REQUIRED } from '@engage/contract'
import { createMockState, createScenario, handlers, scenarios } from '@engage/mocks'
import { MassOrderQueue } from '@engage/screens'
import { clearLiveAnnouncements } from '../support/announcements'
import { recordBodies } from '../support/requests'
import { orderScreenDecorators } from '../support/screens'
import { findToast } from '../support/toasts'

// The mass order written as text: service_id|link|quantity a line. In the mocks the services' ids follow the
// price list: 1 followers, 2 likes, 3 views (100 to 10,000), ... 7 ai_tweets (1 to 500).

const meta = {
  component: MassOrderQueue,
  title: 'Screens/MassOrderQueue/Paste lines',
  decorators: orderScreenDecorators({ padding: 'xlarge', maxWidth: 'medium' }),
  beforeEach: clearLiveAnnouncements,
  parameters: { msw: { handlers: scenarios.default } },
} satisfies Meta<typeof MassOrderQueue>
export default meta
type Story = StoryObj<typeof meta>

type Canvas = ReturnType<typeof within>

const linesField = (canvas: Canvas) => canvas.getByRole('textbox', { name: 'Order lines' })
const addLinesButton = (canvas: Canvas) => canvas.getByRole('button', { name: 'Add lines to queue' })
const queuedCards = (canvas: Canvas) =>
  within(canvas.getByRole('list', { name: 'Queued services' })).getAllByRole('listitem')

/** Switches to Paste lines, pastes `text` into the field and asks for the lines to be queued. */
async function pasteLines(canvas: Canvas, text: string) {
  if (!canvas.queryByRole('textbox', { name: 'Order lines' })) {
    await userEvent.click(canvas.getByRole('radio', { name: 'Paste lines' }))
  }
  const field = linesField(canvas)
  await userEvent.clear(field)
  await userEvent.click(field)
  await userEvent.paste(text)
  await waitFor(() => expect(addLinesButton(canvas)).toBeEnabled())
  await userEvent.click(addLinesButton(canvas))
}

const sentMassOrders: unknown[] = []
const placeState = createMockState()

export const PasteValidLines: Story = {
  beforeEach: () => {
    sentMassOrders.length = 0
  },
  parameters: {
    msw: {
      handlers: [recordBodies('createMassOrder', sentMassOrders), ...createScenario('default', placeState)],
    },
  },
  play: async ({ canvas, step }) => {
    await step('the form stays the first way to add services', async () => {
      await expect(canvas.getByRole('radio', { name: 'One by one' })).toBeChecked()
      await userEvent.click(canvas.getByRole('radio', { name: 'Paste lines' }))
      await expect(linesField(canvas)).toHaveAccessibleDescription(
        expect.stringContaining('One order a line: service_id|link|quantity'),
      )
      await expect(await canvas.findByText(/Service ids: 1 FOLLOWERS, 2 LIKES/)).toBeVisible()
    })
    await step('valid lines join the queue and the field empties', async () => {
      await pasteLines(
        canvas,
        '1|https://x.com/engagepanel|500\n\n 3 | https://x.com/engagepanel/status/7 | 250 ',
      )
      await expect(queuedCards(canvas)).toHaveLength(2)
      await expect(queuedCards(canvas)[1]).toHaveTextContent('VIEWS')
      await expect(linesField(canvas)).toHaveValue('')
      await expect(linesField(canvas)).not.toHaveAttribute('aria-invalid')
    })
    await step('the queue is placed as one mass order', async () => {
      await userEvent.click(canvas.getByRole('button', { name: 'Place Mass Order' }))
      await expect(await findToast(MASS_ORDERS_PLACED)).toBeVisible()
      await expect(sentMassOrders).toEqual([
        {
          items: [
            { type: 'followers', quantity: 500, url: 'https://x.com/engagepanel' },
            { type: 'views', quantity: 250, url: 'https://x.com/engagepanel/status/7' },
          ],
        },
      ])
    })
  },
}

const withErrors =
  '1|x.com/engagepanel|500\n\n42|https://x.com/a|5\n3|https://x.com/b|99\nfollowers https://x.com/c 5'

export const PasteLinesWithErrors: Story = {
  play: async ({ canvas }) => {
    await pasteLines(canvas, withErrors)
    const field = linesField(canvas)
    await expect(field).toHaveAttribute('aria-invalid', 'true')
    for (const error of [
      `Line 1: ${VALID_URL_REQUIRED}`,
      'Line 3: No service has the id 42',
      'Line 4: Quantity must be between 100 - 10,000',
      `Line 5: ${MASS_TEXT_LINE_FORMAT}`,
    ]) {
      await expect(canvas.getByText(error)).toBeVisible()
      await expect(field).toHaveAccessibleDescription(expect.stringContaining(error))
    }
    // Nothing is lost and nothing is queued; focus is on the field to fix it.
    await expect(field).toHaveValue(withErrors)
    await waitFor(() => expect(field).toHaveFocus())
    await expect(canvas.getByText('No services queued yet.')).toBeVisible()
  },
}

export const PasteMixedLines: Story = {
  play: async ({ canvas, step }) => {
    await step('one bad line keeps every line out of the queue and is named alone', async () => {
      await pasteLines(canvas, '2|https://x.com/a|500\n7|https://x.com/b|600\n1|https://x.com/c|50')
      await expect(canvas.getByText('Line 2: Quantity must be between 1 - 500')).toBeVisible()
      await expect(canvas.queryByText(/Line 1:|Line 3:/)).toBeNull()
      await expect(canvas.getByText('No services queued yet.')).toBeVisible()
    })
    await step('with the line fixed, all three join the queue after what was queued', async () => {
      await userEvent.click(canvas.getByRole('radio', { name: 'One by one' }))
      await userEvent.type(canvas.getByRole('textbox', { name: 'Quantity' }), '300')
      await userEvent.type(canvas.getByRole('textbox', { name: 'URL' }), 'https://x.com/first')
      await userEvent.click(canvas.getByRole('button', { name: 'Add Another Service' }))
      await pasteLines(canvas, '2|https://x.com/a|500\n7|https://x.com/b|400\n1|https://x.com/c|50')
      await expect(canvas.queryByText(/Line \d:/)).toBeNull()
      await expect(queuedCards(canvas)).toHaveLength(4)
      await expect(queuedCards(canvas)[2]).toHaveTextContent('AI TWEETS')
    })
  },
}

export const PasteLinesWhileServicesLoad: Story = {
  parameters: { msw: { handlers: [handlers.listServices.loading(), ...scenarios.default] } },
  play: async ({ canvas }) => {
    await userEvent.click(canvas.getByRole('radio', { name: 'Paste lines' }))
    await userEvent.type(linesField(canvas), '1|https://x.com/engagepanel|500')
    // The ids are read against the services list, so the lines wait for it.
    await expect(addLinesButton(canvas)).toBeDisabled()
    await expect(canvas.queryByText(/Service ids:/)).toBeNull()
  },
}
