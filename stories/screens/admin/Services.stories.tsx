import type { Meta, StoryObj } from '@storybook/react-vite'
import { expect, userEvent, waitFor, within } from 'storybook/test'
import {
  ADMIN_LIMITS_ORDER,
  ADMIN_RATE_RANGE,
  ADMIN_SERVICE_NAME_INVALID,
  ADMIN_SERVICE_NAME_TAKEN,
} from '@engage/contract'
import { adminScenarios, createAdminMockState, createAdminScenario } from '@engage/mocks'
import { AdminServices, NO_SERVICES, SERVICES_READ_ONLY } from '@engage/screens/admin'
import { withClient, withRouter } from '../../support/decorators'
import { afterCall, page, removeStaleAnnouncements, withAdminClient, withPadding } from './adminDecorators'

const meta = {
  component: AdminServices,
  title: 'Admin/Services',
  decorators: [withPadding, withAdminClient, withClient, withRouter],
  parameters: { msw: { handlers: adminScenarios.default } },
} satisfies Meta<typeof AdminServices>
export default meta
type Story = StoryObj<typeof meta>

async function findTable(canvas: ReturnType<typeof within>) {
  const table = await canvas.findByRole('grid', { name: 'Services' })
  await within(table).findByText('followers')
  return within(table)
}

/** The row whose row header reads exactly `name` (followers, not premium_followers). */
function rowOf(table: ReturnType<typeof within>, name: string) {
  const row = table.getByText(name, { exact: true }).closest('[role="row"]')
  if (!(row instanceof HTMLElement)) throw new Error(`No row for ${name}`)
  return within(row)
}

async function findDialog(name: string) {
  const dialog = await within(page()).findByRole('dialog', { name })
  await waitFor(() => expect(dialog).toBeVisible())
  return within(dialog)
}

export const Default: Story = {
  play: async ({ canvas }) => {
    const table = await findTable(canvas)
    const row = rowOf(table, 'followers')
    await expect(row.getByText('$2.50')).toBeVisible()
    await expect(row.getByText('SMM Central #101')).toBeVisible()
    await expect(row.getByText('Enabled')).toBeVisible()
    await expect(rowOf(table, 'premium_followers').getByText('Disabled')).toBeVisible()
    await expect(await canvas.findByRole('button', { name: 'Add service' })).toBeEnabled()
  },
}

export const Loading: Story = {
  parameters: { msw: { handlers: adminScenarios.loading } },
  play: async ({ canvas }) => {
    await expect(await canvas.findByRole('progressbar', { name: 'Loading services' })).toBeInTheDocument()
  },
}

export const Empty: Story = {
  parameters: { msw: { handlers: adminScenarios.empty } },
  play: async ({ canvas }) => {
    await expect(await canvas.findByText(NO_SERVICES)).toBeVisible()
  },
}

export const ServerError: Story = {
  parameters: { msw: { handlers: adminScenarios.serverError } },
  play: async ({ canvas }) => {
    await expect(await canvas.findByText('Failed to load the services', undefined, afterCall)).toBeVisible()
    await expect(canvas.getByText('Internal server error')).toBeVisible()
    await expect(canvas.getByRole('button', { name: 'Try again' })).toBeEnabled()
  },
}

export const SupportReadOnly: Story = {
  name: 'Support (read-only)',
  parameters: { msw: { handlers: adminScenarios.support } },
  play: async ({ canvas }) => {
    await findTable(canvas)
    await expect(await canvas.findByText(SERVICES_READ_ONLY)).toBeVisible()
    await expect(canvas.queryByRole('button', { name: 'Add service' })).toBeNull()
    await expect(canvas.queryByRole('button', { name: 'Edit followers' })).toBeNull()
    await expect(canvas.queryByRole('columnheader', { name: 'Actions' })).toBeNull()
  },
}

export const CreateAService: Story = {
  play: async ({ canvas, step }) => {
    await findTable(canvas)
    await step('open the dialog and fill it', async () => {
      await userEvent.click(await canvas.findByRole('button', { name: 'Add service' }))
      const dialog = await findDialog('Add service')
      await userEvent.type(dialog.getByRole('textbox', { name: /^Name/ }), 'tiktok_views')
      await userEvent.type(dialog.getByRole('textbox', { name: 'Category' }), 'Video')
      await userEvent.type(dialog.getByRole('textbox', { name: /Rate per 1,000/ }), '0.15')
      const minimum = dialog.getByRole('textbox', { name: /Minimum quantity/ })
      await userEvent.clear(minimum)
      await userEvent.type(minimum, '100')
      const maximum = dialog.getByRole('textbox', { name: /Maximum quantity/ })
      await userEvent.clear(maximum)
      await userEvent.type(maximum, '50000')
      await userEvent.click(dialog.getByRole('button', { name: 'Create service' }))
    })
    await step('the new service is in the list', async () => {
      await expect(await canvas.findByText('tiktok_views created', undefined, afterCall)).toBeVisible()
      const row = within(canvas.getByRole('grid', { name: 'Services' })).getByRole('row', {
        name: /tiktok_views/,
      })
      await expect(within(row).getByText('$0.15')).toBeVisible()
      await expect(within(row).getByText('100 – 50,000')).toBeVisible()
      await expect(within(row).getByText('Manual')).toBeVisible()
    })
    await removeStaleAnnouncements()
  },
}

export const ValidationErrors: Story = {
  name: 'Validation errors',
  play: async ({ canvas }) => {
    await findTable(canvas)
    await userEvent.click(await canvas.findByRole('button', { name: 'Add service' }))
    const dialog = await findDialog('Add service')
    const name = dialog.getByRole('textbox', { name: /^Name/ })
    await userEvent.type(name, 'TikTok Views')
    const minimum = dialog.getByRole('textbox', { name: /Minimum quantity/ })
    await userEvent.clear(minimum)
    await userEvent.type(minimum, '500')
    const maximum = dialog.getByRole('textbox', { name: /Maximum quantity/ })
    await userEvent.clear(maximum)
    await userEvent.type(maximum, '100')
    await userEvent.click(dialog.getByRole('button', { name: 'Create service' }))
    await expect(await dialog.findByText(ADMIN_SERVICE_NAME_INVALID, undefined, afterCall)).toBeVisible()
    await expect(dialog.getByText(ADMIN_RATE_RANGE)).toBeVisible()
    await expect(name).toHaveAttribute('aria-invalid', 'true')
    // The limits are compared once each field is valid on its own.
    await userEvent.clear(name)
    await userEvent.type(name, 'tiktok_views')
    await userEvent.type(dialog.getByRole('textbox', { name: /Rate per 1,000/ }), '0.15')
    await userEvent.click(dialog.getByRole('button', { name: 'Create service' }))
    await expect(await dialog.findByText(ADMIN_LIMITS_ORDER, undefined, afterCall)).toBeVisible()
  },
}

export const NameTaken: Story = {
  name: 'Server refusal by the field (name taken)',
  play: async ({ canvas }) => {
    await findTable(canvas)
    await userEvent.click(await canvas.findByRole('button', { name: 'Add service' }))
    const dialog = await findDialog('Add service')
    await userEvent.type(dialog.getByRole('textbox', { name: /^Name/ }), 'followers')
    await userEvent.type(dialog.getByRole('textbox', { name: /Rate per 1,000/ }), '3')
    await userEvent.click(dialog.getByRole('button', { name: 'Create service' }))
    await expect(await dialog.findByText(ADMIN_SERVICE_NAME_TAKEN, undefined, afterCall)).toBeVisible()
    await removeStaleAnnouncements()
  },
}

const editState = createAdminMockState()

export const EditTheRate: Story = {
  name: 'Edit a rate',
  parameters: { msw: { handlers: createAdminScenario('default', editState) } },
  play: async ({ canvas }) => {
    await findTable(canvas)
    await userEvent.click(await canvas.findByRole('button', { name: 'Edit likes' }))
    const dialog = await findDialog('Edit likes')
    const rate = dialog.getByRole('textbox', { name: /Rate per 1,000/ })
    await userEvent.clear(rate)
    await userEvent.type(rate, '1.35')
    await userEvent.type(dialog.getByRole('textbox', { name: /Reason/ }), 'Provider raised prices')
    await userEvent.click(dialog.getByRole('button', { name: 'Save service' }))
    await expect(await canvas.findByText('likes saved', undefined, afterCall)).toBeVisible()
    const row = rowOf(within(canvas.getByRole('grid', { name: 'Services' })), 'likes')
    await waitFor(() => expect(row.getByText('$1.35')).toBeVisible())
    await expect(editState.audit[0]).toMatchObject({
      action: 'service.update',
      reason: 'Provider raised prices',
    })
    await removeStaleAnnouncements()
  },
}

export const DisableAService: Story = {
  name: 'Disable a service (asks first)',
  play: async ({ canvas }) => {
    await findTable(canvas)
    await userEvent.click(await canvas.findByRole('button', { name: 'Disable views' }))
    const alert = within(await within(page()).findByRole('alertdialog', { name: 'Disable views?' }))
    await userEvent.click(alert.getByRole('button', { name: 'Disable service' }))
    await expect(await canvas.findByText('views disabled', undefined, afterCall)).toBeVisible()
    await expect(await canvas.findByRole('button', { name: 'Enable views' }, afterCall)).toBeEnabled()
  },
}

const refillState = createAdminMockState()

export const SetTheRefillWindow: Story = {
  name: 'Set the refill window (shown when the service offers refills)',
  parameters: { msw: { handlers: createAdminScenario('default', refillState) } },
  play: async ({ canvas, step }) => {
    await findTable(canvas)
    await userEvent.click(await canvas.findByRole('button', { name: 'Edit likes' }))
    const dialog = await findDialog('Edit likes')
    await step('the window is asked for only once Refill is ticked, 30 days to start with', async () => {
      await expect(dialog.queryByRole('textbox', { name: /Refill window/ })).toBeNull()
      await userEvent.click(dialog.getByRole('checkbox', { name: 'Refill' }))
      await expect(dialog.getByRole('textbox', { name: /Refill window \(days\)/ })).toHaveValue('30')
    })
    await step('the field holds the window to 1 to 365 days', async () => {
      const days = dialog.getByRole('textbox', { name: /Refill window/ })
      await userEvent.clear(days)
      await userEvent.type(days, '400')
      await userEvent.tab()
      await expect(days).toHaveValue('365')
      await userEvent.clear(days)
      await userEvent.type(days, '14')
      await userEvent.tab()
    })
    await step('saved with the service', async () => {
      await userEvent.click(dialog.getByRole('button', { name: 'Save service' }))
      await expect(await canvas.findByText('likes saved', undefined, afterCall)).toBeVisible()
      await expect(refillState.services.find((service) => service.name === 'likes')).toMatchObject({
        refill: true,
        refill_days: 14,
      })
      await removeStaleAnnouncements()
    })
  },
}
