import type { Meta, StoryObj } from '@storybook/react-vite'
import { expect, userEvent, waitFor, within } from 'storybook/test'
import { ALREADY_A_MEMBER, LAST_OWNER, ONLY_OWNER_MANAGES_OWNERS } from '@engage/contract'
import { createMockState, createScenario, handlers, scenarios } from '@engage/mocks'
import {
  ACTIVITY_TITLE,
  EDIT_LIMIT,
  editLimitTitle,
  FAILED_TO_CHANGE_TEAM,
  FAILED_TO_SAVE_LIMIT,
  FAILED_TO_INVITE,
  INVITATIONS_TITLE,
  INVITE_EMAIL_LABEL,
  INVITE_LIMIT_LABEL,
  invitationSentMessage,
  LEAVE_WORKSPACE,
  LIMIT_AMOUNT_LABEL,
  LIMIT_REQUIRED,
  limitSavedMessage,
  MEMBERS_TITLE,
  NO_INVITATIONS,
  NO_LIMIT,
  SAVE_LIMIT,
  SEND_INVITATION,
  TeamPanel,
} from '@engage/screens'
import { Box } from '@engage/ui'
import { clearLiveAnnouncements, removeStaleAnnouncements } from '../support/announcements'
import { withClient, withRouter } from '../support/decorators'
import { choose } from '../support/select'

const meta = {
  component: TeamPanel,
  title: 'Screens/TeamPanel',
  decorators: [
    (Story) => (
      <Box padding="large">
        <Story />
      </Box>
    ),
    withClient,
    withRouter,
  ],
  beforeEach: clearLiveAnnouncements,
  parameters: { msw: { handlers: scenarios.default } },
} satisfies Meta<typeof TeamPanel>
export default meta
type Story = StoryObj<typeof meta>

const page = () => within(document.body)

/** The data rows of a table, once they have arrived. */
async function rowsOf(canvas: ReturnType<typeof within>, name: string) {
  const table = await canvas.findByRole('grid', { name })
  const rows = () =>
    within(table)
      .getAllByRole('row')
      .filter((row) => row.dataset.key !== undefined)
  await waitFor(() => expect(rows().length).toBeGreaterThan(0))
  return rows()
}

function stateWithRole(role: 'viewer' | 'member' | 'admin') {
  const state = createMockState()
  state.team.workspaces = state.team.workspaces.map((workspace) => ({ ...workspace, role }))
  state.team.members = state.team.members.map((member) => (member.you ? { ...member, role } : member))
  return state
}

/** An owner's view: the members, the invitations in every state (pending, expired, accepted), the activity. */
export const Default: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    const members = await rowsOf(canvas, MEMBERS_TITLE)
    await expect(members.map((row) => within(row).getAllByRole('rowheader')[0]?.textContent)).toEqual([
      'alex.morgan@example.comYou',
      'sam.lee@example.com',
      'ria.patel@example.com',
      'ops@example.com',
    ])
    await expect(within(members[2]!).getByText('$50.00')).toBeVisible()
    const invitations = await rowsOf(canvas, INVITATIONS_TITLE)
    await expect(invitations.map((row) => within(row).getAllByRole('gridcell')[1]?.textContent)).toEqual([
      'Pending',
      'Expired',
      'Accepted',
    ])
    await expect(within(invitations[0]!).getByRole('button', { name: /Withdraw/ })).toBeVisible()
    await expect(within(invitations[1]!).queryByRole('button')).toBeNull()
    await rowsOf(canvas, ACTIVITY_TITLE)
  },
}

export const Loading: Story = {
  parameters: { msw: { handlers: scenarios.loading } },
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByText('Loading members')).toBeInTheDocument()
  },
}

/** A new account: the person alone, no invitations yet. */
export const Empty: Story = {
  parameters: { msw: { handlers: scenarios.empty } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await expect(await rowsOf(canvas, MEMBERS_TITLE)).toHaveLength(1)
    await expect(await canvas.findByText(NO_INVITATIONS)).toBeVisible()
  },
}

export const ServerError: Story = {
  parameters: { msw: { handlers: scenarios.serverError } },
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByText('Failed to load the team')).toBeVisible()
  },
}

/** Inviting: the invitation is sent and shows as pending. */
export const Invite: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await userEvent.type(await canvas.findByRole('textbox', { name: INVITE_EMAIL_LABEL }), 'jo@example.com')
    await choose(canvas, 'Role', 'Viewer')
    await userEvent.type(canvas.getByRole('textbox', { name: INVITE_LIMIT_LABEL }), '20')
    await userEvent.click(canvas.getByRole('button', { name: SEND_INVITATION }))
    await expect(await canvas.findByText(invitationSentMessage('jo@example.com'))).toBeVisible()
    const invitations = await rowsOf(canvas, INVITATIONS_TITLE)
    await waitFor(() => expect(invitations[0]?.textContent).toContain('jo@example.com'))
    await removeStaleAnnouncements()
  },
}

/** The server refuses an invitation of someone already in the team. */
export const InviteRefused: Story = {
  parameters: {
    msw: { handlers: [handlers.inviteMember.failure(ALREADY_A_MEMBER, 409), ...scenarios.default] },
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await userEvent.type(
      await canvas.findByRole('textbox', { name: INVITE_EMAIL_LABEL }),
      'sam.lee@example.com',
    )
    await userEvent.click(canvas.getByRole('button', { name: SEND_INVITATION }))
    await expect(await canvas.findByText(FAILED_TO_INVITE)).toBeVisible()
    await expect(canvas.getByText(ALREADY_A_MEMBER)).toBeVisible()
    await removeStaleAnnouncements()
  },
}

/** Changing a member's role: Ria becomes a viewer. */
export const RoleChange: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await rowsOf(canvas, MEMBERS_TITLE)
    await choose(canvas, 'Role of ria.patel@example.com', 'Viewer')
    await waitFor(() =>
      expect(canvas.getByRole('combobox', { name: 'Role of ria.patel@example.com' })).toHaveDisplayValue(
        'Viewer',
      ),
    )
  },
}

/** The last owner cannot leave: the server's refusal shows. */
export const LastOwnerCannotLeave: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await rowsOf(canvas, MEMBERS_TITLE)
    await userEvent.click(canvas.getByRole('button', { name: LEAVE_WORKSPACE }))
    const dialog = await page().findByRole('alertdialog')
    await userEvent.click(within(dialog).getByRole('button', { name: LEAVE_WORKSPACE }))
    await expect(await canvas.findByText(FAILED_TO_CHANGE_TEAM)).toBeVisible()
    await expect(canvas.getByText(LAST_OWNER)).toBeVisible()
  },
}

/** A member sees the team and may leave; inviting, invitations and the activity log are for owners and admins. */
export const AsMember: Story = {
  parameters: { msw: { handlers: createScenario('default', stateWithRole('member')) } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    const members = await rowsOf(canvas, MEMBERS_TITLE)
    await expect(within(members[1]!).queryByRole('combobox')).toBeNull()
    await expect(canvas.queryByRole('button', { name: new RegExp(EDIT_LIMIT) })).toBeNull()
    await expect(canvas.queryByRole('grid', { name: INVITATIONS_TITLE })).toBeNull()
    await expect(canvas.queryByRole('grid', { name: ACTIVITY_TITLE })).toBeNull()
    await expect(canvas.getByRole('button', { name: LEAVE_WORKSPACE })).toBeVisible()
  },
}

/** An admin cannot make an owner: the owner's row and the Owner choice are closed to them. */
export const AsAdmin: Story = {
  parameters: { msw: { handlers: createScenario('default', stateWithRole('admin')) } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await rowsOf(canvas, MEMBERS_TITLE)
    const role = canvas.getByRole('combobox', { name: 'Role of ria.patel@example.com' })
    await expect(within(role).getByRole('option', { name: 'Owner' })).toBeDisabled()
  },
}

/** The activity log by what happened. */
export const ActivityFiltered: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await rowsOf(canvas, ACTIVITY_TITLE)
    await choose(canvas, 'What', 'Placed an order')
    await waitFor(async () => expect(await rowsOf(canvas, ACTIVITY_TITLE)).toHaveLength(1))
  },
}

/** A long log comes a page at a time: the newest 50, then Load more brings the older ones. */
export const ActivityPaged: Story = {
  parameters: {
    msw: {
      handlers: createScenario(
        'default',
        (() => {
          const state = createMockState()
          const [newest] = state.team.activity
          state.team.activity = Array.from({ length: 60 }, (_, index) => ({
            ...newest!,
            id: String(1000 - index),
            subject: `order:${String(5000 - index)}`,
          }))
          return state
        })(),
      ),
    },
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await expect(await rowsOf(canvas, ACTIVITY_TITLE)).toHaveLength(50)
    await userEvent.click(canvas.getByRole('button', { name: 'Load more' }))
    await waitFor(async () => expect(await rowsOf(canvas, ACTIVITY_TITLE)).toHaveLength(60))
    await expect(canvas.getByText('order:4941')).toBeVisible()
    // The last page has come: Load more (and its pending announcement) is gone.
    await expect(canvas.queryByRole('button', { name: 'Load more' })).toBeNull()
    await removeStaleAnnouncements()
  },
}

/** A viewer reads the team's limits and spend, and changes none of them. */
export const AsViewer: Story = {
  parameters: { msw: { handlers: createScenario('default', stateWithRole('viewer')) } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    const members = await rowsOf(canvas, MEMBERS_TITLE)
    await expect(within(members[2]!).getByText('$50.00')).toBeVisible()
    await expect(canvas.queryByRole('button', { name: new RegExp(EDIT_LIMIT) })).toBeNull()
    await expect(canvas.queryByRole('button', { name: /^Remove/ })).toBeNull()
  },
}

const RIA = 'ria.patel@example.com'

/** Opens Ria's Edit limit dialog and answers its fields: the amount and No limit. */
async function openEditLimit(canvasElement: HTMLElement) {
  const canvas = within(canvasElement)
  await rowsOf(canvas, MEMBERS_TITLE)
  await userEvent.click(canvas.getByRole('button', { name: `${EDIT_LIMIT} of ${RIA}` }))
  const dialog = within(await page().findByRole('dialog', { name: editLimitTitle(RIA) }))
  return {
    dialog,
    amount: dialog.getByRole('textbox', { name: LIMIT_AMOUNT_LABEL }),
    noLimit: dialog.getByRole('checkbox', { name: NO_LIMIT }),
  }
}

/** Edit limit opens a dialog with the member's limit as it stands and what they spent this month. */
export const EditLimitOpen: Story = {
  play: async ({ canvasElement }) => {
    const { dialog, amount, noLimit } = await openEditLimit(canvasElement)
    await expect(amount).toHaveValue('$50.00')
    await expect(amount).toBeEnabled()
    await expect(noLimit).not.toBeChecked()
    // Once the dialog has faded in.
    await waitFor(() => expect(dialog.getByText(/Spent this month: \$18\.75/)).toBeVisible())
    // No limit sets the amount aside.
    await userEvent.click(noLimit)
    await expect(amount).toBeDisabled()
  },
}

/** An empty amount without No limit: the message by the field, focus on it, and nothing is sent. */
export const EditLimitInvalid: Story = {
  play: async ({ canvasElement }) => {
    const { dialog, amount, noLimit } = await openEditLimit(canvasElement)
    await userEvent.clear(amount)
    await userEvent.click(dialog.getByRole('button', { name: SAVE_LIMIT }))
    await expect(await dialog.findByText(LIMIT_REQUIRED)).toBeVisible()
    await expect(amount).toHaveAccessibleDescription(LIMIT_REQUIRED)
    await waitFor(() => expect(amount).toHaveFocus())
    await expect(page().getByRole('dialog', { name: editLimitTitle(RIA) })).toBeVisible()
    // Choosing No limit answers it.
    await userEvent.click(noLimit)
    await waitFor(() => expect(dialog.queryByText(LIMIT_REQUIRED)).toBeNull())
  },
}

/** A new amount is saved: the dialog closes, the row and a message show it. */
export const EditLimitSaved: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    const { dialog, amount } = await openEditLimit(canvasElement)
    await userEvent.clear(amount)
    await userEvent.type(amount, '75')
    await userEvent.click(dialog.getByRole('button', { name: SAVE_LIMIT }))
    await expect(
      await canvas.findByText(limitSavedMessage({ email: RIA, monthly_limit: 75 }), {}, { timeout: 5000 }),
    ).toBeVisible()
    await waitFor(() => expect(page().queryByRole('dialog')).toBeNull())
    const members = await rowsOf(canvas, MEMBERS_TITLE)
    await waitFor(() => expect(within(members[2]!).getByText('$75.00')).toBeVisible())
    await removeStaleAnnouncements()
  },
}

/** The server refuses the change: its reason shows in the dialog, which stays open. */
export const EditLimitRefused: Story = {
  parameters: {
    msw: { handlers: [handlers.updateMember.failure(ONLY_OWNER_MANAGES_OWNERS, 403), ...scenarios.default] },
  },
  play: async ({ canvasElement }) => {
    const { dialog, noLimit } = await openEditLimit(canvasElement)
    await userEvent.click(noLimit)
    await userEvent.click(dialog.getByRole('button', { name: SAVE_LIMIT }))
    await expect(await dialog.findByText(FAILED_TO_SAVE_LIMIT)).toBeVisible()
    await expect(dialog.getByText(ONLY_OWNER_MANAGES_OWNERS)).toBeVisible()
  },
}
