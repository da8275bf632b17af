import type { Meta, StoryObj } from '@storybook/react-vite'
import { expect, spyOn, userEvent, waitFor } from 'storybook/test'
import { formatUsd, INTERNAL_SERVER_ERROR } from '@engage/contract'
import { adminHandlers, adminScenarios, emptyAdminReports, fixtureAdminReports } from '@engage/mocks'
import { AdminReports, REPORTS_TITLE } from '@engage/screens/admin'
import { withClient, withRouter } from '../../support/decorators'
import { card, statValue, storyRanges } from '../../support/figures'
import { withAdminClient, withPadding } from './adminDecorators'

/** The fixtures' today; the operator's clock is UTC: the default range is the 30 days to 11/20/2026. */
const { now, defaultRange, oneDay, aYear } = storyRanges('UTC')

const meta = {
  component: AdminReports,
  title: 'Admin/Reports',
  decorators: [withPadding, withAdminClient, withClient, withRouter],
  args: { now },
  parameters: { msw: { handlers: adminScenarios.default } },
} satisfies Meta<typeof AdminReports>
export default meta
type Story = StoryObj<typeof meta>

export const Default: Story = {
  play: async ({ canvas }) => {
    const report = fixtureAdminReports(defaultRange)
    await expect(canvas.getByRole('heading', { level: 2, name: REPORTS_TITLE })).toBeVisible()
    await waitFor(() =>
      expect(statValue(canvas, 'Revenue')).toHaveTextContent(formatUsd(report.totals.charges)),
    )
    await expect(statValue(canvas, 'Profit')).toHaveTextContent(formatUsd(report.totals.profit))
    for (const title of [
      'Revenue, cost and profit per day',
      'Margin per day',
      'By service',
      'By provider',
      'Deposits and refunds per day',
      'Deposits by gateway',
      'Active customers per day',
      'Top customers',
      'Upstream error rates',
    ]) {
      await expect(await canvas.findByRole('figure', { name: title })).toBeVisible()
    }
    await expect(canvas.getByRole('figure', { name: 'Top customers' })).toHaveAccessibleDescription(
      /first jordan\.lee@example\.com/,
    )
  },
}

export const DownloadCsv: Story = {
  name: 'Download a table as CSV',
  play: async ({ canvas }) => {
    const created = spyOn(URL, 'createObjectURL')
    // The file is read here; the browser's own save is not part of the story.
    const save = spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined)
    try {
      await canvas.findByRole('figure', { name: 'By service' })
      await userEvent.click(canvas.getByRole('button', { name: 'Download CSV of the services' }))
      await waitFor(() => expect(save).toHaveBeenCalled())
      const csv = await (created.mock.calls[0]?.[0] as Blob).text()
      await expect(csv.replace(/^\uFEFF/, '').split('\r\n')[0]).toBe(
        'Service ID,Service,Orders,Charges (USD),Refunded (USD),Cost (USD),Profit (USD),Margin',
      )
    } finally {
      save.mockRestore()
      created.mockRestore()
    }
  },
}

export const DownloadFails: Story = {
  name: 'A download that fails',
  parameters: {
    msw: { handlers: [adminHandlers.adminExportReport.failure(), ...adminScenarios.default] },
  },
  play: async ({ canvas }) => {
    await canvas.findByRole('figure', { name: 'Deposits by gateway' })
    await userEvent.click(canvas.getByRole('button', { name: 'Download CSV of the gateways' }))
    await expect(await canvas.findByRole('alert')).toHaveTextContent(INTERNAL_SERVER_ERROR)
  },
}

export const Loading: Story = {
  parameters: { msw: { handlers: adminScenarios.loading } },
  play: async ({ canvas }) => {
    await expect(
      await canvas.findByRole('progressbar', { name: 'Loading revenue, cost and profit per day' }),
    ).toBeInTheDocument()
  },
}

export const Empty: Story = {
  parameters: {
    msw: {
      handlers: [
        adminHandlers.adminReports.respond(emptyAdminReports(defaultRange)),
        ...adminScenarios.default,
      ],
    },
  },
  play: async ({ canvas }) => {
    await expect(await canvas.findByText('No deposits in this range.')).toBeVisible()
    await expect(canvas.getAllByText('No orders placed in this range.')).toHaveLength(4)
    await expect(canvas.getByText('No provider was called in this range.')).toBeVisible()
    await expect(statValue(canvas, 'Margin')).toHaveTextContent('—')
  },
}

export const ServerError: Story = {
  parameters: {
    msw: { handlers: [adminHandlers.adminReports.failure(), ...adminScenarios.default] },
  },
  play: async ({ canvas }) => {
    await waitFor(() => expect(canvas.getAllByRole('alert')).toHaveLength(9))
    await expect(canvas.getAllByRole('alert')[0]).toHaveTextContent(INTERNAL_SERVER_ERROR)
  },
}

export const OnePoint: Story = {
  name: 'One day',
  args: { initialRange: oneDay },
  play: async ({ canvas }) => {
    const report = fixtureAdminReports(oneDay)
    const margin = await canvas.findByRole('figure', { name: 'Margin per day' })
    margin.focus()
    await userEvent.keyboard('{End}')
    await expect(
      card(canvas, 'Margin per day').getByText(
        `11/20/2026: ${((report.periods[0]?.margin ?? 0) * 100).toFixed(1)}%`,
      ),
    ).toBeVisible()
  },
}

export const AYearOfData: Story = {
  name: 'A year of data',
  args: { initialRange: aYear },
  play: async ({ canvas }) => {
    const report = fixtureAdminReports(aYear)
    const customers = await canvas.findByRole('figure', { name: 'Active customers per day' })
    customers.focus()
    await userEvent.keyboard('{End}')
    await expect(
      card(canvas, 'Active customers per day').getByText(
        `11/20/2026: ${report.periods.at(-1)?.active_customers ?? 0}`,
      ),
    ).toBeVisible()
    await userEvent.selectOptions(canvas.getByRole('combobox', { name: 'Group by' }), 'Month')
    await expect(await canvas.findByRole('figure', { name: 'Margin per month' })).toBeVisible()
  },
}
