import type { Meta, StoryObj } from '@storybook/react-vite'
import { expect, userEvent, waitFor, within } from 'storybook/test'
import { adminScenarios } from '@engage/mocks'
import { AdminPayments, NO_PAYMENTS } from '@engage/screens/admin'
import { withClient, withRouter } from '../../support/decorators'
import { afterCall, withAdminClient, withPadding } from './adminDecorators'
import { choose } from '../../support/select'

const meta = {
  component: AdminPayments,
  title: 'Admin/Payments',
  decorators: [withPadding, withAdminClient, withClient, withRouter],
  parameters: { msw: { handlers: adminScenarios.default } },
} satisfies Meta<typeof AdminPayments>
export default meta
type Story = StoryObj<typeof meta>

async function findTable(canvas: ReturnType<typeof within>) {
  const table = await canvas.findByRole('grid', { name: 'Payments' })
  await within(table).findByText('dep_c41d07')
  return within(table)
}

export const Default: Story = {
  play: async ({ canvas }) => {
    const table = await findTable(canvas)
    await expect(table.getByText('confirm_check')).toBeVisible()
    await expect(table.getByText('expired')).toBeVisible()
    await expect(table.getByText('$100.00 credited')).toBeVisible()
  },
}

export const Loading: Story = {
  parameters: { msw: { handlers: adminScenarios.loading } },
  play: async ({ canvas }) => {
    await expect(await canvas.findByRole('progressbar', { name: 'Loading payments' })).toBeInTheDocument()
  },
}

export const Empty: Story = {
  parameters: { msw: { handlers: adminScenarios.empty } },
  play: async ({ canvas }) => {
    await expect(await canvas.findByText(NO_PAYMENTS)).toBeVisible()
  },
}

export const ServerError: Story = {
  parameters: { msw: { handlers: adminScenarios.serverError } },
  play: async ({ canvas }) => {
    await expect(await canvas.findByText('Failed to load the payments')).toBeVisible()
  },
}

export const FilterPayments: Story = {
  name: 'Filter by status',
  play: async ({ canvas }) => {
    await findTable(canvas)
    await choose(canvas, /Status/, 'Failed')
    await userEvent.click(canvas.getByRole('button', { name: 'Apply filters' }))
    const table = within(canvas.getByRole('grid', { name: 'Payments' }))
    await waitFor(() => expect(table.getAllByRole('row')).toHaveLength(2), afterCall)
    await expect(table.getByText('dep_b2e990')).toBeVisible()
  },
}

export const Recheck: Story = {
  name: 'Re-check a pending payment',
  play: async ({ canvas }) => {
    await findTable(canvas)
    await userEvent.click(await canvas.findByRole('button', { name: 'Re-check dep_c41d07' }))
    await expect(
      await canvas.findByText(
        'dep_c41d07: The gateway reports it paid: $25.00 credited',
        undefined,
        afterCall,
      ),
    ).toBeVisible()
    const table = within(canvas.getByRole('grid', { name: 'Payments' }))
    await expect(await table.findByText('$25.00 credited', undefined, afterCall)).toBeVisible()
  },
}

export const SupportRechecks: Story = {
  name: 'Support may re-check',
  parameters: { msw: { handlers: adminScenarios.support } },
  play: async ({ canvas }) => {
    await findTable(canvas)
    await expect(await canvas.findByRole('button', { name: 'Re-check dep_c41d07' })).toBeEnabled()
  },
}
