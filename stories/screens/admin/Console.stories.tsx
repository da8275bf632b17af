import type { Meta, StoryObj } from '@storybook/react-vite'
import { expect, userEvent, within } from 'storybook/test'
import { OPERATOR_FORBIDDEN, TWO_FACTOR_SETUP_REQUIRED } from '@engage/contract'
import { adminHandlers, adminScenarios, scenarios } from '@engage/mocks'
import { AdminConsole, adminSections, NOT_ALLOWED_TEXT } from '@engage/screens/admin'
import { TURN_ON_TWO_FACTOR } from '@engage/screens'
import { withClient, withRouter } from '../../support/decorators'
import { withAdminClient } from './adminDecorators'

const meta = {
  component: AdminConsole,
  title: 'Admin/Console',
  decorators: [withAdminClient, withClient, withRouter],
  args: { section: 'services' },
  parameters: { msw: { handlers: adminScenarios.default } },
} satisfies Meta<typeof AdminConsole>
export default meta
type Story = StoryObj<typeof meta>

export const Default: Story = {
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('heading', { level: 1, name: 'Operator console' })).toBeVisible()
    const navigation = within(await canvas.findByRole('navigation', { name: 'Operator console' }))
    await expect(navigation.getAllByRole('link').map((link) => link.textContent)).toEqual(
      adminSections.map((section) => section.label),
    )
    await expect(navigation.getByRole('link', { name: 'Services' })).toHaveAttribute('aria-current', 'page')
    await expect(navigation.getByRole('link', { name: 'Orders' })).toHaveAttribute('href', '/admin/orders')
    await expect(canvas.getByText('operator@engage-panel.test')).toBeVisible()
    await expect(canvas.getByText('Admin')).toBeVisible()
    await expect(await canvas.findByRole('heading', { level: 2, name: 'Services' })).toBeVisible()
    await expect(canvas.getByRole('link', { name: 'Back to the panel' })).toHaveAttribute(
      'href',
      '/dashboard',
    )
  },
}

export const KeyboardNavigation: Story = {
  name: 'Keyboard: Tab through the sections',
  play: async ({ canvas }) => {
    const navigation = within(await canvas.findByRole('navigation', { name: 'Operator console' }))
    navigation.getByRole('link', { name: 'Services' }).focus()
    await userEvent.tab()
    await expect(navigation.getByRole('link', { name: 'Providers' })).toHaveFocus()
    await userEvent.tab()
    await expect(navigation.getByRole('link', { name: 'Users' })).toHaveFocus()
  },
}

export const OrdersSection: Story = {
  args: { section: 'orders' },
  play: async ({ canvas }) => {
    await expect(await canvas.findByRole('heading', { level: 2, name: 'Orders' })).toBeVisible()
    await expect(canvas.getByRole('link', { name: 'Orders' })).toHaveAttribute('aria-current', 'page')
  },
}

export const Support: Story = {
  name: 'Support role',
  parameters: { msw: { handlers: adminScenarios.support } },
  play: async ({ canvas }) => {
    await expect(await canvas.findByText('sam.support@engage-panel.test')).toBeVisible()
    await expect(canvas.getByText('Support')).toBeVisible()
    await canvas.findByRole('grid', { name: 'Services' })
    await expect(canvas.queryByRole('button', { name: 'Add service' })).toBeNull()
  },
}

export const NotAllowed: Story = {
  name: 'A customer is not allowed',
  parameters: { msw: { handlers: adminScenarios.forbidden } },
  play: async ({ canvas }) => {
    await expect(await canvas.findByRole('heading', { level: 2, name: OPERATOR_FORBIDDEN })).toBeVisible()
    await expect(canvas.getByText(NOT_ALLOWED_TEXT)).toBeVisible()
    await expect(canvas.getByRole('link', { name: 'Go to your dashboard' })).toHaveAttribute(
      'href',
      '/dashboard',
    )
    await expect(canvas.queryByRole('navigation', { name: 'Operator console' })).toBeNull()
  },
}

export const Loading: Story = {
  parameters: { msw: { handlers: adminScenarios.loading } },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('progressbar', { name: 'Checking your access' })).toBeInTheDocument()
  },
}

export const ServerError: Story = {
  parameters: { msw: { handlers: adminScenarios.serverError } },
  play: async ({ canvas }) => {
    // The operator is known; the section's own call fails.
    await expect(await canvas.findByText('Failed to load the services')).toBeVisible()
  },
}

export const Empty: Story = {
  parameters: { msw: { handlers: adminScenarios.empty } },
  play: async ({ canvas }) => {
    await expect(await canvas.findByText('No services yet. Add one with Add service.')).toBeVisible()
  },
}

export const TwoFactorRequired: Story = {
  name: 'An operator without two-factor sign-in is led to set it up',
  parameters: {
    msw: {
      handlers: [
        adminHandlers.adminMe.forbidden(TWO_FACTOR_SETUP_REQUIRED),
        ...scenarios.default,
        ...adminScenarios.default,
      ],
    },
  },
  play: async ({ canvas }) => {
    await expect(await canvas.findByText(TWO_FACTOR_SETUP_REQUIRED)).toBeVisible()
    await expect(await canvas.findByRole('button', { name: TURN_ON_TWO_FACTOR })).toBeEnabled()
    await expect(canvas.queryByRole('navigation', { name: 'Operator console' })).toBeNull()
  },
}
