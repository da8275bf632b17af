import type { Meta, StoryObj } from '@storybook/react-vite'
import { expect, fn, userEvent, waitFor, within } from 'storybook/test'
import { formatDateTime } from '@engage/contract'
import { fixtureAiSettings } from '@engage/mocks'
import { AiSettingsTable, NO_AI_SETTINGS } from '@engage/screens'
import { Box } from '@engage/ui'
import { withRouter } from '../support/decorators'

const settings = fixtureAiSettings()
const launchReplies = settings.find((setting) => setting.name === 'Launch replies')

// The table takes its settings as props (the settings page loads them); its network states are the page's.
const meta = {
  component: AiSettingsTable,
  title: 'Screens/AiSettingsTable',
  decorators: [
    (Story) => (
      <Box padding="large">
        <Story />
      </Box>
    ),
    withRouter,
  ],
  args: { settings, onView: fn(), onEdit: fn(), onDelete: fn() },
} satisfies Meta<typeof AiSettingsTable>
export default meta
type Story = StoryObj<typeof meta>

export const Default: Story = {
  play: async ({ canvas, args, step }) => {
    const table = await canvas.findByRole('grid', { name: 'AI settings' })
    await step('Name, Model, Temp, Tokens, Last Used and Actions', async () => {
      const headers = () =>
        within(table)
          .getAllByRole('columnheader')
          .map((header) => header.textContent)
      await waitFor(() =>
        expect(headers()).toEqual(['Name', 'Model', 'Temp', 'Tokens', 'Last Used', 'Actions']),
      )
      const rows = within(table).getAllByRole('row').slice(1)
      await expect(rows).toHaveLength(3)
      const cells = [...(rows[2]?.querySelectorAll('[role="rowheader"], [role="gridcell"]') ?? [])]
      await expect(cells.map((cell) => cell.textContent)).toEqual([
        'Launch replies',
        'gpt-4o-mini',
        '0.9',
        '280',
        formatDateTime(launchReplies?.lastUsed ?? '', 'UTC'),
        'EditDelete',
      ])
    })
    await step('a setting’s name opens its details', async () => {
      await userEvent.click(within(table).getByRole('link', { name: 'Launch replies' }))
      await expect(args.onView).toHaveBeenCalledWith(launchReplies)
    })
    await step('edit and delete act on their row', async () => {
      await userEvent.click(within(table).getByRole('button', { name: 'Edit Reasoner' }))
      await expect(args.onEdit).toHaveBeenCalledWith(expect.objectContaining({ id: 'reasoner' }))
      await userEvent.click(within(table).getByRole('button', { name: 'Delete Default AI' }))
      await expect(args.onDelete).toHaveBeenCalledWith(expect.objectContaining({ id: 'default' }))
    })
  },
}

export const Loading: Story = {
  args: { settings: [], isLoading: true },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('progressbar', { name: 'Loading AI settings' })).toBeInTheDocument()
    await expect(canvas.queryByText(NO_AI_SETTINGS)).toBeNull()
  },
}

export const Empty: Story = {
  args: { settings: [] },
  play: async ({ canvas }) => {
    await expect(canvas.getByText(NO_AI_SETTINGS)).toBeVisible()
  },
}
