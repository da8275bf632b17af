import type { Meta, StoryObj } from '@storybook/react-vite'
import { expect, userEvent, waitFor, within } from 'storybook/test'
import {
  ADMIN_MARGIN_RANGE,
  API_KEY_REQUIRED,
  providerHasActiveOrders,
  providerKeyRefused,
  providerUnreachable,
} from '@engage/contract'
import { adminScenarios, createAdminMockState, createAdminScenario } from '@engage/mocks'
import {
  AdminProviders,
  DELETE_PROVIDER_MESSAGE,
  DISABLE_PROVIDER_MESSAGE,
  ENABLE_PROVIDER_MESSAGE,
  NO_PROVIDERS,
  PROVIDERS_READ_ONLY,
} from '@engage/screens/admin'
import { withClient, withRouter } from '../../support/decorators'
import { afterCall, page, removeStaleAnnouncements, withAdminClient, withPadding } from './adminDecorators'

const meta = {
  component: AdminProviders,
  title: 'Admin/Providers',
  decorators: [withPadding, withAdminClient, withClient, withRouter],
  parameters: { msw: { handlers: adminScenarios.default } },
} satisfies Meta<typeof AdminProviders>
export default meta
type Story = StoryObj<typeof meta>

async function findTable(canvas: ReturnType<typeof within>) {
  const table = await canvas.findByRole('grid', { name: 'Providers' })
  await within(table).findByText('SMM Central')
  return within(table)
}

async function findDialog(name: string) {
  const dialog = await within(page()).findByRole('dialog', { name })
  await waitFor(() => expect(dialog).toBeVisible())
  return within(dialog)
}

export const Default: Story = {
  play: async ({ canvas }) => {
    const table = await findTable(canvas)
    await expect(table.getByText('••••••••9f2c')).toBeVisible()
    await expect(table.getByText('4 mapped of 6')).toBeVisible()
    await expect(table.getByText('25%')).toBeVisible()
    await expect(await canvas.findByRole('button', { name: 'Add provider' })).toBeEnabled()
  },
}

export const Loading: Story = {
  parameters: { msw: { handlers: adminScenarios.loading } },
  play: async ({ canvas }) => {
    await expect(await canvas.findByRole('progressbar', { name: 'Loading providers' })).toBeInTheDocument()
  },
}

export const Empty: Story = {
  parameters: { msw: { handlers: adminScenarios.empty } },
  play: async ({ canvas }) => {
    await expect(await canvas.findByText(NO_PROVIDERS)).toBeVisible()
  },
}

export const ServerError: Story = {
  parameters: { msw: { handlers: adminScenarios.serverError } },
  play: async ({ canvas }) => {
    await expect(await canvas.findByText('Failed to load the providers', undefined, afterCall)).toBeVisible()
  },
}

export const SupportReadOnly: Story = {
  name: 'Support (read-only)',
  parameters: { msw: { handlers: adminScenarios.support } },
  play: async ({ canvas }) => {
    await findTable(canvas)
    await expect(await canvas.findByText(PROVIDERS_READ_ONLY)).toBeVisible()
    await expect(canvas.queryByRole('button', { name: 'Add provider' })).toBeNull()
    await userEvent.click(canvas.getByRole('button', { name: 'Open SMM Central' }))
    await canvas.findByRole('grid', { name: 'Services of SMM Central' })
    await expect(canvas.queryByRole('button', { name: 'Import services' })).toBeNull()
    await expect(canvas.queryByRole('form', { name: 'Margin rule of SMM Central' })).toBeNull()
    // Reading the balance is allowed.
    await userEvent.click(canvas.getByRole('button', { name: 'Check balance' }))
    await expect(await canvas.findByText('$1,843.27', undefined, afterCall)).toBeVisible()
  },
}

export const AddAProvider: Story = {
  play: async ({ canvas, step }) => {
    await findTable(canvas)
    await userEvent.click(await canvas.findByRole('button', { name: 'Add provider' }))
    const dialog = await findDialog('Add provider')
    await step('the fields are required', async () => {
      await userEvent.click(dialog.getByRole('button', { name: 'Add provider' }))
      await expect(await dialog.findByText(API_KEY_REQUIRED, undefined, afterCall)).toBeVisible()
      await expect(dialog.getByText('Enter the API URL, e.g. https://panel.example/api/v2')).toBeVisible()
    })
    await step('add it; the key shows masked', async () => {
      await userEvent.type(dialog.getByRole('textbox', { name: /^Name/ }), 'Panel Hub')
      await userEvent.type(
        dialog.getByRole('textbox', { name: /API URL/ }),
        'https://panelhub.example/api/v2',
      )
      await userEvent.type(dialog.getByLabelText(/API key/), 'phk_live_5b8e0c7d2a')
      await userEvent.click(dialog.getByRole('button', { name: 'Add provider' }))
      await expect(await canvas.findByText('Panel Hub added', undefined, afterCall)).toBeVisible()
      const table = within(canvas.getByRole('grid', { name: 'Providers' }))
      await expect(table.getByText('••••••••7d2a')).toBeVisible()
      await expect(canvas.queryByText('phk_live_5b8e0c7d2a')).toBeNull()
    })
    await step('import its services', async () => {
      await waitFor(() => expect(within(page()).queryByRole('dialog')).toBeNull())
      await userEvent.click(await canvas.findByRole('button', { name: 'Import services' }))
      await expect(
        await canvas.findByText('Imported 3 services from Panel Hub', undefined, afterCall),
      ).toBeVisible()
      const services = within(canvas.getByRole('grid', { name: 'Services of Panel Hub' }))
      await expect(await services.findByText('Instagram Followers', undefined, afterCall)).toBeVisible()
      await expect(services.getByText('$1.80')).toBeVisible()
    })
    await removeStaleAnnouncements()
  },
}

const marginState = createAdminMockState()

export const BalanceImportAndMargin: Story = {
  name: 'Balance, imported rates and the margin rule',
  parameters: { msw: { handlers: createAdminScenario('default', marginState) } },
  play: async ({ canvas, step }) => {
    await findTable(canvas)
    await userEvent.click(canvas.getByRole('button', { name: 'Open SMM Central' }))
    await step('the balance, asked live', async () => {
      await userEvent.click(await canvas.findByRole('button', { name: 'Check balance' }))
      await expect(await canvas.findByText('$1,843.27', undefined, afterCall)).toBeVisible()
    })
    await step('the imported services with their rates and mappings', async () => {
      const services = within(await canvas.findByRole('grid', { name: 'Services of SMM Central' }))
      await expect(
        await services.findByText('Instagram Followers [Real]', undefined, afterCall),
      ).toBeVisible()
      await expect(services.getByText('$2.00')).toBeVisible()
    })
    await step('a margin out of range is refused by the field', async () => {
      const form = within(await canvas.findByRole('form', { name: 'Margin rule of SMM Central' }))
      const margin = form.getByRole('textbox', { name: /Margin/ })
      await userEvent.clear(margin)
      await userEvent.type(margin, '20000')
      await userEvent.click(form.getByRole('button', { name: 'Apply margin' }))
      await expect(await form.findByText(ADMIN_MARGIN_RANGE, undefined, afterCall)).toBeVisible()
    })
    await step('apply 50 %: the mapped services are repriced after a confirmation', async () => {
      const form = within(canvas.getByRole('form', { name: 'Margin rule of SMM Central' }))
      const margin = form.getByRole('textbox', { name: /Margin/ })
      await userEvent.clear(margin)
      await userEvent.type(margin, '50')
      await userEvent.click(form.getByRole('button', { name: 'Apply margin' }))
      const alert = within(await within(page()).findByRole('alertdialog', { name: 'Apply a 50% margin?' }))
      await userEvent.click(alert.getByRole('button', { name: 'Apply margin' }))
      await expect(
        await canvas.findByText('Margin 50% applied: 4 services repriced', undefined, afterCall),
      ).toBeVisible()
      await expect(marginState.services.find((service) => service.name === 'followers')?.rate_per_1k).toBe(3)
    })
    await removeStaleAnnouncements()
  },
}

export const KeyRefused: Story = {
  name: 'Add a provider: the key or the address refused',
  parameters: { msw: { handlers: createAdminScenario('default', createAdminMockState()) } },
  play: async ({ canvas, step }) => {
    await findTable(canvas)
    await userEvent.click(await canvas.findByRole('button', { name: 'Add provider' }))
    const dialog = await findDialog('Add provider')
    await userEvent.type(dialog.getByRole('textbox', { name: /^Name/ }), 'Panel Relay')
    const url = dialog.getByRole('textbox', { name: /API URL/ })
    await userEvent.type(url, 'https://panelhub.example/api/v2')
    const key = dialog.getByLabelText(/API key/)
    await step('the provider refuses the key: said by the key field, nothing added', async () => {
      await userEvent.type(key, 'invalid-key-0000')
      await userEvent.click(dialog.getByRole('button', { name: 'Add provider' }))
      await expect(
        await dialog.findByText(providerKeyRefused('Invalid API key'), undefined, afterCall),
      ).toBeVisible()
      await expect(key).toHaveAttribute('aria-invalid', 'true')
      await expect(canvas.queryByText('Panel Relay added')).toBeNull()
    })
    await step('nothing answers at the address: said by the URL field', async () => {
      await userEvent.clear(key)
      await userEvent.type(key, 'phk_live_5b8e0c7d2a')
      await userEvent.clear(url)
      await userEvent.type(url, 'https://panelhub.invalid/api/v2')
      await userEvent.click(dialog.getByRole('button', { name: 'Add provider' }))
      await expect(
        await dialog.findByText(providerUnreachable('no answer'), undefined, afterCall),
      ).toBeVisible()
    })
    await removeStaleAnnouncements()
  },
}

const switchState = createAdminMockState()

export const DisableAndEnable: Story = {
  name: 'Disable and enable a provider (asks first)',
  parameters: { msw: { handlers: createAdminScenario('default', switchState) } },
  play: async ({ canvas, step }) => {
    const table = await findTable(canvas)
    await step('cancel leaves it enabled', async () => {
      await userEvent.click(await table.findByRole('button', { name: 'Disable SMM Central' }))
      const alert = within(await within(page()).findByRole('alertdialog', { name: 'Disable SMM Central?' }))
      await waitFor(() => expect(alert.getByText(DISABLE_PROVIDER_MESSAGE)).toBeVisible())
      await userEvent.click(alert.getByRole('button', { name: 'Cancel' }))
      await expect(switchState.providers.find((provider) => provider.id === '1')?.enabled).toBe(true)
    })
    await step('disable it', async () => {
      await userEvent.click(await table.findByRole('button', { name: 'Disable SMM Central' }))
      const alert = within(await within(page()).findByRole('alertdialog', { name: 'Disable SMM Central?' }))
      await userEvent.click(alert.getByRole('button', { name: 'Disable' }))
      await expect(await canvas.findByText('SMM Central disabled', undefined, afterCall)).toBeVisible()
      await expect(await table.findByRole('button', { name: 'Enable SMM Central' })).toBeVisible()
    })
    await step('enable it again', async () => {
      await userEvent.click(await table.findByRole('button', { name: 'Enable SMM Central' }))
      const alert = within(await within(page()).findByRole('alertdialog', { name: 'Enable SMM Central?' }))
      await waitFor(() => expect(alert.getByText(ENABLE_PROVIDER_MESSAGE)).toBeVisible())
      await userEvent.click(alert.getByRole('button', { name: 'Enable' }))
      await expect(await canvas.findByText('SMM Central enabled', undefined, afterCall)).toBeVisible()
      await expect(switchState.providers.find((provider) => provider.id === '1')?.enabled).toBe(true)
    })
    await removeStaleAnnouncements()
  },
}

const deleteState = createAdminMockState()
const activeOrderIds = deleteState.orders
  .filter((order) => order.provider_id === '1' && ['pending', 'processing', 'paused'].includes(order.status))
  .map((order) => order.id)

export const Delete: Story = {
  name: 'Delete a provider (asks first; refused while it has active orders)',
  parameters: { msw: { handlers: createAdminScenario('default', deleteState) } },
  play: async ({ canvas, step }) => {
    const table = await findTable(canvas)
    await step('a provider with active orders is not deleted, and the refusal names them', async () => {
      await userEvent.click(await table.findByRole('button', { name: 'Delete SMM Central' }))
      const alert = within(await within(page()).findByRole('alertdialog', { name: 'Delete SMM Central?' }))
      await waitFor(() => expect(alert.getByText(DELETE_PROVIDER_MESSAGE)).toBeVisible())
      await userEvent.click(alert.getByRole('button', { name: 'Delete' }))
      await expect(
        await canvas.findByText(providerHasActiveOrders(activeOrderIds), undefined, afterCall),
      ).toBeVisible()
      await expect(canvas.getByText('Failed to delete the provider')).toBeVisible()
      await expect(table.getByText('SMM Central')).toBeVisible()
    })
    await step('a provider without active orders is deleted', async () => {
      await userEvent.click(await table.findByRole('button', { name: 'Delete Boost Wholesale' }))
      const alert = within(
        await within(page()).findByRole('alertdialog', { name: 'Delete Boost Wholesale?' }),
      )
      await userEvent.click(alert.getByRole('button', { name: 'Delete' }))
      await expect(
        await canvas.findByText('Provider Boost Wholesale deleted', undefined, afterCall),
      ).toBeVisible()
      await waitFor(() => expect(table.queryByText('Boost Wholesale')).toBeNull())
    })
    await removeStaleAnnouncements()
  },
}
