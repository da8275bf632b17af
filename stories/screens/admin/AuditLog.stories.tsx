import type { Meta, StoryObj } from '@storybook/react-vite'
import { expect, userEvent, waitFor, within } from 'storybook/test'
import { adminScenarios } from '@engage/mocks'
import { AdminAuditLog, NO_AUDIT_ENTRIES } from '@engage/screens/admin'
import { withClient, withRouter } from '../../support/decorators'
import { afterCall, withAdminClient, withPadding } from './adminDecorators'
import { choose } from '../../support/select'

const meta = {
  component: AdminAuditLog,
  title: 'Admin/AuditLog',
  decorators: [withPadding, withAdminClient, withClient, withRouter],
  parameters: { msw: { handlers: adminScenarios.default } },
} satisfies Meta<typeof AdminAuditLog>
export default meta
type Story = StoryObj<typeof meta>

async function findTable(canvas: ReturnType<typeof within>) {
  const table = await canvas.findByRole('grid', { name: 'Audit log' })
  await within(table).findByText('order.refund')
  return within(table)
}

export const Default: Story = {
  play: async ({ canvas }) => {
    const table = await findTable(canvas)
    await expect(table.getByText('Chargeback fraud pattern')).toBeVisible()
    await expect(table.getByText('sam.support@engage-panel.test')).toBeVisible()
    await expect(table.getByText('provider:1')).toBeVisible()
  },
}

export const Loading: Story = {
  parameters: { msw: { handlers: adminScenarios.loading } },
  play: async ({ canvas }) => {
    await expect(
      await canvas.findByRole('progressbar', { name: 'Loading the audit log' }),
    ).toBeInTheDocument()
  },
}

export const Empty: Story = {
  parameters: { msw: { handlers: adminScenarios.empty } },
  play: async ({ canvas }) => {
    await expect(await canvas.findByText(NO_AUDIT_ENTRIES)).toBeVisible()
  },
}

export const ServerError: Story = {
  parameters: { msw: { handlers: adminScenarios.serverError } },
  play: async ({ canvas }) => {
    await expect(await canvas.findByText('Failed to load the audit log')).toBeVisible()
  },
}

export const BeforeAndAfter: Story = {
  name: 'Before and after of an entry',
  play: async ({ canvas }) => {
    const table = await findTable(canvas)
    const toggles = table.getAllByRole('button', { name: 'Before and after' })
    await userEvent.click(toggles[2] as HTMLElement)
    await expect(await table.findByText('{ "margin_percent": 20 }')).toBeVisible()
    await expect(table.getByText('{ "margin_percent": 25 }')).toBeVisible()
  },
}

export const FilterByAction: Story = {
  name: 'Filter by action and target',
  play: async ({ canvas }) => {
    await findTable(canvas)
    await choose(canvas, /Action/, 'user.disable')
    await userEvent.type(canvas.getByRole('textbox', { name: /Target/ }), 'user')
    await userEvent.click(canvas.getByRole('button', { name: 'Apply filters' }))
    const table = within(canvas.getByRole('grid', { name: 'Audit log' }))
    await waitFor(() => expect(table.getAllByRole('row')).toHaveLength(2), afterCall)
    await expect(table.getByText('user:7')).toBeVisible()
  },
}
