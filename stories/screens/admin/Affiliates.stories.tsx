import type { Meta, StoryObj } from '@storybook/react-vite'
import type { within } from 'storybook/test'
import { expect, userEvent, waitFor } from 'storybook/test'
import { AFFILIATE_HOLD_RANGE, AFFILIATE_RATE_RANGE } from '@engage/contract'
import { adminHandlers, adminScenarios, createAdminScenario, createAdminMockState } from '@engage/mocks'
import { AdminAffiliates, AFFILIATE_SETTINGS_SAVED } from '@engage/screens/admin'
import { withClient, withRouter } from '../../support/decorators'
import { afterCall, withAdminClient, withPadding } from './adminDecorators'

const meta = {
  component: AdminAffiliates,
  title: 'Admin/Affiliates',
  decorators: [withPadding, withAdminClient, withClient, withRouter],
  parameters: { msw: { handlers: adminScenarios.default } },
} satisfies Meta<typeof AdminAffiliates>
export default meta
type Story = StoryObj<typeof meta>

/** The value of a detail (a dt and its dd). */
function detailOf(canvas: ReturnType<typeof within>, term: string) {
  return canvas.getByText(term, { selector: 'dt *' }).closest('div')?.querySelector('dd')
}

export const Default: Story = {
  play: async ({ canvas }) => {
    await expect(await canvas.findByRole('heading', { name: 'Affiliates' })).toBeVisible()
    await waitFor(() => expect(detailOf(canvas, 'Commission')).toHaveTextContent('1000 basis points (10 %)'))
    await expect(detailOf(canvas, 'Hold')).toHaveTextContent('14 days')
    await expect(detailOf(canvas, 'Last changed')).toHaveTextContent('Never')
    await expect(await canvas.findByRole('textbox', { name: /Commission \(basis points\)/ })).toHaveValue(
      '1,000',
    )
  },
}

const saveState = createAdminMockState()

export const SaveTheSettings: Story = {
  name: 'Save a new rate and hold',
  parameters: { msw: { handlers: createAdminScenario('default', saveState) } },
  play: async ({ canvas }) => {
    const rate = await canvas.findByRole('textbox', { name: /Commission \(basis points\)/ })
    await userEvent.clear(rate)
    await userEvent.type(rate, '1250')
    const hold = canvas.getByRole('textbox', { name: /Hold \(days\)/ })
    await userEvent.clear(hold)
    await userEvent.type(hold, '30')
    await userEvent.type(canvas.getByRole('textbox', { name: 'Reason (optional)' }), 'Spring promotion')
    await userEvent.click(canvas.getByRole('button', { name: 'Save settings' }))
    await expect(await canvas.findByText(AFFILIATE_SETTINGS_SAVED, undefined, afterCall)).toBeVisible()
    await waitFor(() =>
      expect(detailOf(canvas, 'Commission')).toHaveTextContent('1250 basis points (12.5 %)'),
    )
    await expect(detailOf(canvas, 'Hold')).toHaveTextContent('30 days')
    await expect(saveState.audit[0]).toMatchObject({
      action: 'affiliates.settings',
      reason: 'Spring promotion',
    })
  },
}

export const OutOfRange: Story = {
  name: 'A rate or hold out of range is refused beside its field',
  play: async ({ canvas }) => {
    const rate = await canvas.findByRole('textbox', { name: /Commission \(basis points\)/ })
    await userEvent.clear(rate)
    await userEvent.type(rate, '6000')
    const hold = canvas.getByRole('textbox', { name: /Hold \(days\)/ })
    await userEvent.clear(hold)
    await userEvent.type(hold, '400')
    await userEvent.click(canvas.getByRole('button', { name: 'Save settings' }))
    await expect(await canvas.findByText(AFFILIATE_RATE_RANGE)).toBeVisible()
    await expect(canvas.getByText(AFFILIATE_HOLD_RANGE)).toBeVisible()
    await expect(rate).toHaveAttribute('aria-invalid', 'true')
  },
}

export const RefusedByTheServer: Story = {
  name: 'A refusal of the server shows beside its field',
  parameters: {
    msw: {
      handlers: [
        adminHandlers.adminUpdateAffiliateSettings.failure(
          `hold_days: ${AFFILIATE_HOLD_RANGE}`,
          422,
          'hold_days',
        ),
        ...adminScenarios.default,
      ],
    },
  },
  play: async ({ canvas }) => {
    await canvas.findByRole('textbox', { name: /Hold \(days\)/ })
    await userEvent.click(canvas.getByRole('button', { name: 'Save settings' }))
    await expect(await canvas.findByText(AFFILIATE_HOLD_RANGE, undefined, afterCall)).toBeVisible()
  },
}

export const SupportReadsOnly: Story = {
  name: 'Support reads the settings only',
  parameters: { msw: { handlers: adminScenarios.support } },
  play: async ({ canvas }) => {
    await expect(await canvas.findByText('Only an admin can change these settings.')).toBeVisible()
    await expect(canvas.queryByRole('button', { name: 'Save settings' })).toBeNull()
  },
}

export const Loading: Story = {
  parameters: { msw: { handlers: adminScenarios.loading } },
  play: async ({ canvas }) => {
    await expect(
      await canvas.findByRole('progressbar', { name: 'Loading the affiliate settings' }),
    ).toBeInTheDocument()
  },
}

export const Empty: Story = {
  name: 'Empty: a fresh panel keeps the defaults',
  parameters: { msw: { handlers: adminScenarios.empty } },
  play: async ({ canvas }) => {
    await waitFor(() => expect(detailOf(canvas, 'Last changed')).toHaveTextContent('Never'))
  },
}

export const ServerError: Story = {
  parameters: { msw: { handlers: adminScenarios.serverError } },
  play: async ({ canvas }) => {
    await expect(await canvas.findByText('Failed to load the affiliate settings')).toBeVisible()
  },
}
