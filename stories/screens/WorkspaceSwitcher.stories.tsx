import type { Meta, StoryObj } from '@storybook/react-vite'
import { expect, waitFor, within } from 'storybook/test'
import { createMockState, createScenario, scenarios } from '@engage/mocks'
import { WORKSPACE_LABEL, WorkspaceSwitcher } from '@engage/screens'
import { Box } from '@engage/ui'
import { withClient, withRouter } from '../support/decorators'
import { choose } from '../support/select'

const meta = {
  component: WorkspaceSwitcher,
  title: 'Screens/WorkspaceSwitcher',
  decorators: [
    (Story) => (
      <Box padding="large">
        <Story />
      </Box>
    ),
    withClient,
    withRouter,
  ],
  parameters: { msw: { handlers: scenarios.default } },
} satisfies Meta<typeof WorkspaceSwitcher>
export default meta
type Story = StoryObj<typeof meta>

const state = createMockState()

/** Two workspaces: switching to the agency's makes it the active one. */
export const Default: Story = {
  parameters: { msw: { handlers: createScenario('default', state) } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await choose(canvas, WORKSPACE_LABEL, 'Northwind agency')
    await waitFor(() => expect(state.team.workspaces.find((workspace) => workspace.active)?.id).toBe('2'))
  },
}

/** One workspace (most people): nothing to switch, nothing shown. */
export const SingleWorkspace: Story = {
  parameters: { msw: { handlers: scenarios.empty } },
  play: async ({ canvasElement }) => {
    await new Promise((resolve) => setTimeout(resolve, 300))
    await expect(within(canvasElement).queryByRole('combobox')).toBeNull()
  },
}

export const Loading: Story = {
  parameters: { msw: { handlers: scenarios.loading } },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).queryByRole('combobox')).toBeNull()
  },
}
