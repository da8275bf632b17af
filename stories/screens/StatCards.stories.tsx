import type { Meta, StoryObj } from '@storybook/react-vite'
import type { within } from 'storybook/test'
import { expect, waitFor } from 'storybook/test'
import { PANEL_TOTAL_ORDERS_FALLBACK } from '@engage/contract'
import {
  createMockState,
  createScenario,
  FIXTURE_PANEL_TOTAL_ORDERS,
  fixtureOrders,
  fixtureProfile,
  scenarios,
} from '@engage/mocks'
import { StatCards } from '@engage/screens'
import { Box } from '@engage/ui'
import { withClient } from '../support/decorators'

const meta = {
  component: StatCards,
  title: 'Screens/StatCards',
  decorators: [
    (Story) => (
      <Box padding="large">
        <Story />
      </Box>
    ),
    withClient,
  ],
  parameters: { msw: { handlers: scenarios.default } },
} satisfies Meta<typeof StatCards>
export default meta
type Story = StoryObj<typeof meta>

type Canvas = ReturnType<typeof within>

const countFormat = new Intl.NumberFormat('en-US')

/** The figure of the card whose label is `label` ('Email' → 'alex.morgan@example.com'). */
function figureOf(canvas: Canvas, label: string) {
  return canvas.getByText(label, { selector: 'dt' }).nextElementSibling
}

export const Default: Story = {
  play: async ({ canvas }) => {
    const labels = canvas.getAllByRole('term').map((term) => term.textContent)
    await expect(labels).toEqual(['Email', 'Total Orders', 'Total Orders (Panel)'])
    await waitFor(() => expect(figureOf(canvas, 'Email')).toHaveTextContent(fixtureProfile.email))
    await expect(figureOf(canvas, 'Total Orders')).toHaveTextContent(String(fixtureOrders().length))
    // 31842 with a thousands separator.
    await expect(figureOf(canvas, 'Total Orders (Panel)')).toHaveTextContent(
      countFormat.format(FIXTURE_PANEL_TOTAL_ORDERS),
    )
    await expect(figureOf(canvas, 'Total Orders (Panel)')).toHaveTextContent('31,842')
  },
}

export const Loading: Story = {
  parameters: { msw: { handlers: scenarios.loading } },
  play: async ({ canvas }) => {
    // One spinner per card until the user arrives.
    await expect(canvas.getAllByRole('progressbar', { name: 'Loading' })).toHaveLength(3)
  },
}

export const Empty: Story = {
  name: 'Empty (a new account)',
  parameters: { msw: { handlers: scenarios.empty } },
  play: async ({ canvas }) => {
    await waitFor(() => expect(figureOf(canvas, 'Email')).toHaveTextContent(fixtureProfile.email))
    await expect(figureOf(canvas, 'Total Orders')).toHaveTextContent('0')
    await expect(canvas.queryByRole('progressbar')).toBeNull()
  },
}

export const ServerError: Story = {
  parameters: { msw: { handlers: scenarios.serverError } },
  play: async ({ canvas }) => {
    // No figure to show: a dash in each card, never a spinner that turns forever.
    await waitFor(() => expect(canvas.queryByRole('progressbar')).toBeNull())
    for (const label of ['Email', 'Total Orders', 'Total Orders (Panel)']) {
      await expect(figureOf(canvas, label)).toHaveTextContent('—')
    }
  },
}

function stateWithoutPanelTotal() {
  const state = createMockState()
  state.totalOrdersPanel = undefined
  return state
}

export const PanelTotalFallback: Story = {
  name: 'Panel total missing: 25011',
  parameters: { msw: { handlers: createScenario('default', stateWithoutPanelTotal()) } },
  play: async ({ canvas }) => {
    await waitFor(() => expect(figureOf(canvas, 'Email')).toHaveTextContent(fixtureProfile.email))
    await expect(figureOf(canvas, 'Total Orders (Panel)')).toHaveTextContent(
      countFormat.format(PANEL_TOTAL_ORDERS_FALLBACK),
    )
    await expect(figureOf(canvas, 'Total Orders (Panel)')).toHaveTextContent('25,011')
  },
}
