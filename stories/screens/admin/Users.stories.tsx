import type { Meta, StoryObj } from '@storybook/react-vite'
import { expect, userEvent, waitFor, within } from 'storybook/test'
import { ADMIN_AMOUNT_NOT_ZERO, ADMIN_BALANCE_BELOW_ZERO, ADMIN_REASON_REQUIRED } from '@engage/contract'
import { adminScenarios, createAdminMockState, createAdminScenario } from '@engage/mocks'
import { AdminUsers, NO_USERS } from '@engage/screens/admin'
import { withClient, withRouter } from '../../support/decorators'
import { afterCall, page, removeStaleAnnouncements, withAdminClient, withPadding } from './adminDecorators'
import { choose } from '../../support/select'

const meta = {
  component: AdminUsers,
  title: 'Admin/Users',
  decorators: [withPadding, withAdminClient, withClient, withRouter],
  parameters: { msw: { handlers: adminScenarios.default } },
} satisfies Meta<typeof AdminUsers>
export default meta
type Story = StoryObj<typeof meta>

const CUSTOMER = 'alex.morgan@example.com'

async function findTable(canvas: ReturnType<typeof within>) {
  const table = await canvas.findByRole('grid', { name: 'Users' })
  await within(table).findByText(CUSTOMER)
  return within(table)
}

async function findDialog(name: string) {
  const dialog = await within(page()).findByRole('dialog', { name })
  await waitFor(() => expect(dialog).toBeVisible())
  return within(dialog)
}

async function openCustomer(canvas: ReturnType<typeof within>) {
  await findTable(canvas)
  await userEvent.click(canvas.getByRole('button', { name: `Open ${CUSTOMER}` }))
  const detail = within(await canvas.findByRole('region', { name: CUSTOMER }))
  await detail.findByRole('grid', { name: `Ledger of ${CUSTOMER}` })
  return detail
}

export const Default: Story = {
  play: async ({ canvas }) => {
    const table = await findTable(canvas)
    await expect(table.getAllByRole('row')).toHaveLength(8)
    await expect(table.getByText('$245.00')).toBeVisible()
    await expect(table.getByText('Disabled')).toBeVisible()
  },
}

export const Loading: Story = {
  parameters: { msw: { handlers: adminScenarios.loading } },
  play: async ({ canvas }) => {
    await expect(await canvas.findByRole('progressbar', { name: 'Loading users' })).toBeInTheDocument()
  },
}

export const Empty: Story = {
  name: 'Empty (no match)',
  play: async ({ canvas }) => {
    await findTable(canvas)
    await userEvent.type(canvas.getByRole('searchbox', { name: 'Email or username' }), 'nobody-here')
    await userEvent.click(canvas.getByRole('button', { name: 'Search' }))
    await expect(await canvas.findByText(NO_USERS)).toBeVisible()
  },
}

export const ServerError: Story = {
  parameters: { msw: { handlers: adminScenarios.serverError } },
  play: async ({ canvas }) => {
    await expect(await canvas.findByText('Failed to load the users', undefined, afterCall)).toBeVisible()
  },
}

export const Search: Story = {
  name: 'Search by email and role',
  play: async ({ canvas }) => {
    await findTable(canvas)
    await userEvent.type(canvas.getByRole('searchbox', { name: 'Email or username' }), 'priya')
    await userEvent.click(canvas.getByRole('button', { name: 'Search' }))
    const table = within(canvas.getByRole('grid', { name: 'Users' }))
    await waitFor(() => expect(table.getAllByRole('row')).toHaveLength(2))
    await expect(table.getByText('priya.shah@example.com')).toBeVisible()
  },
}

/** A panel with 40 customers more than the fixtures: two pages of 25. */
function crowdedState() {
  const state = createAdminMockState()
  const extra = Array.from({ length: 40 }, (_, index) => ({
    ...state.users[1]!,
    id: String(100 + index),
    email: `customer${String(40 - index).padStart(2, '0')}@example.net`,
    username: `customer${40 - index}`,
    disabled: false,
    disabled_at: null,
  }))
  state.users = [...extra, ...state.users]
  return state
}

export const Paging: Story = {
  name: 'Pages of users',
  parameters: { msw: { handlers: createAdminScenario('default', crowdedState()) } },
  play: async ({ canvas }) => {
    const table = within(await canvas.findByRole('grid', { name: 'Users' }))
    await table.findByText('customer40@example.net')
    await expect(table.getAllByRole('row')).toHaveLength(26)
    const pager = within(canvas.getByRole('navigation', { name: 'Users pages' }))
    await expect(pager.getByRole('button', { name: 'Previous' })).toBeDisabled()
    await userEvent.click(pager.getByRole('button', { name: 'Next' }))
    await expect(await table.findByText(CUSTOMER, undefined, afterCall)).toBeVisible()
    await expect(pager.getByText('Page 2')).toBeVisible()
    await expect(pager.getByRole('button', { name: 'Next' })).toBeDisabled()
    await userEvent.click(pager.getByRole('button', { name: 'Previous' }))
    await expect(await table.findByText('customer40@example.net', undefined, afterCall)).toBeVisible()
    await expect(pager.getByText('Page 1')).toBeVisible()
  },
}

export const Detail: Story = {
  name: 'Detail: balance, ledger and orders',
  play: async ({ canvas }) => {
    const detail = await openCustomer(canvas)
    await expect(detail.getByText('Balance')).toBeVisible()
    await expect(detail.getAllByText('$50.00').length).toBeGreaterThan(0)
    const ledger = within(detail.getByRole('grid', { name: `Ledger of ${CUSTOMER}` }))
    // The ledger and the orders load on their own requests after the detail opens.
    await expect(await ledger.findByText('Demo opening balance')).toBeVisible()
    const orders = within(detail.getByRole('grid', { name: `Orders of ${CUSTOMER}` }))
    await expect(await orders.findByText('#1048')).toBeVisible()
  },
}

const adjustState = createAdminMockState()

export const AdjustBalance: Story = {
  name: 'Adjust a balance with a reason',
  parameters: { msw: { handlers: createAdminScenario('default', adjustState) } },
  play: async ({ canvas, step }) => {
    const detail = await openCustomer(canvas)
    await userEvent.click(await detail.findByRole('button', { name: 'Adjust balance' }))
    const dialog = await findDialog('Adjust balance')
    await step('amount and reason are required', async () => {
      await userEvent.click(dialog.getByRole('button', { name: 'Adjust balance' }))
      await expect(await dialog.findByText(ADMIN_REASON_REQUIRED, undefined, afterCall)).toBeVisible()
      const amount = dialog.getByRole('textbox', { name: /Amount/ })
      await userEvent.type(amount, '0')
      await userEvent.click(dialog.getByRole('button', { name: 'Adjust balance' }))
      await expect(await dialog.findByText(ADMIN_AMOUNT_NOT_ZERO, undefined, afterCall)).toBeVisible()
    })
    await step('a debit larger than the balance is refused by the amount', async () => {
      const amount = dialog.getByRole('textbox', { name: /Amount/ })
      await userEvent.clear(amount)
      await userEvent.type(amount, '-80')
      await userEvent.type(dialog.getByRole('textbox', { name: /Reason/ }), 'Chargeback')
      await userEvent.click(dialog.getByRole('button', { name: 'Adjust balance' }))
      await expect(await dialog.findByText(ADMIN_BALANCE_BELOW_ZERO, undefined, afterCall)).toBeVisible()
    })
    await step('a credit of $12.50 with its reason', async () => {
      const amount = dialog.getByRole('textbox', { name: /Amount/ })
      await userEvent.clear(amount)
      await userEvent.type(amount, '12.5')
      const reason = dialog.getByRole('textbox', { name: /Reason/ })
      await userEvent.clear(reason)
      await userEvent.type(reason, 'Goodwill for a late order')
      await userEvent.click(dialog.getByRole('button', { name: 'Adjust balance' }))
      await expect(
        await canvas.findByText(
          `Balance of ${CUSTOMER} adjusted by +$12.50. New balance: $62.50`,
          undefined,
          afterCall,
        ),
      ).toBeVisible()
      const ledger = within(detail.getByRole('grid', { name: `Ledger of ${CUSTOMER}` }))
      await expect(await ledger.findByText('Goodwill for a late order', undefined, afterCall)).toBeVisible()
      await expect(ledger.getByText('+$12.50')).toBeVisible()
    })
    await expect(adjustState.audit[0]).toMatchObject({
      action: 'user.adjust_balance',
      reason: 'Goodwill for a late order',
    })
    await removeStaleAnnouncements()
  },
}

export const ChangeRole: Story = {
  play: async ({ canvas }) => {
    const detail = await openCustomer(canvas)
    await userEvent.click(await detail.findByRole('button', { name: 'Change role' }))
    const dialog = await findDialog('Change role')
    await choose(dialog, /Role/, 'Support')
    await userEvent.click(dialog.getByRole('button', { name: 'Change role' }))
    await expect(await canvas.findByText(`${CUSTOMER} is now support`, undefined, afterCall)).toBeVisible()
    await removeStaleAnnouncements()
  },
}

export const DisableAccount: Story = {
  name: 'Disable an account (asks for a reason)',
  play: async ({ canvas }) => {
    const detail = await openCustomer(canvas)
    await userEvent.click(await detail.findByRole('button', { name: 'Disable account' }))
    const dialog = within(await within(page()).findByRole('alertdialog', { name: `Disable ${CUSTOMER}?` }))
    await userEvent.click(dialog.getByRole('button', { name: 'Disable account' }))
    // The field's message may render twice (submit, then validation); wait for the one that stays.
    await waitFor(() => expect(dialog.getByText(ADMIN_REASON_REQUIRED)).toBeVisible(), afterCall)
    await userEvent.type(dialog.getByRole('textbox', { name: /Reason/ }), 'Fraud report')
    await userEvent.click(dialog.getByRole('button', { name: 'Disable account' }))
    await expect(
      await canvas.findByText(`${CUSTOMER} disabled; their sessions ended`, undefined, afterCall),
    ).toBeVisible()
    await expect(await detail.findByRole('button', { name: 'Enable account' }, afterCall)).toBeEnabled()
    await removeStaleAnnouncements()
  },
}

export const SupportReadOnly: Story = {
  name: 'Support (read-only)',
  parameters: { msw: { handlers: adminScenarios.support } },
  play: async ({ canvas }) => {
    const detail = await openCustomer(canvas)
    await expect(detail.queryByRole('button', { name: 'Adjust balance' })).toBeNull()
    await expect(detail.queryByRole('button', { name: 'Change role' })).toBeNull()
    await expect(detail.queryByRole('button', { name: 'Disable account' })).toBeNull()
  },
}
