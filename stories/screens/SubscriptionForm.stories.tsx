import type { Decorator, Meta, StoryObj } from '@storybook/react-vite'
import { useState } from 'react'
import { http } from 'msw'
import { expect, fn, userEvent, waitFor, within } from 'storybook/test'
import {
  END_BEFORE_START,
  firstPeriodNotCovered,
  INSUFFICIENT_BALANCE,
  NO_SERVICES_AVAILABLE,
  QUANTITY_RANGE_MESSAGE,
  SUBSCRIPTION_CANCELLED,
  SUBSCRIPTION_CREATED,
  TOTAL_USD_AMOUNT,
  VALID_URL_REQUIRED,
} from '@engage/contract'
import { createMockState, createScenario, handlers, scenarios } from '@engage/mocks'
import {
  CANCEL_SUBSCRIPTION_CONFIRMATION,
  NO_SUBSCRIPTIONS_FOUND,
  SubscriptionForm,
  SubscriptionFormList,
  type AiSettingsChoiceRequest,
} from '@engage/screens'
import { Box, createToastQueue, ToastProvider } from '@engage/ui'
import { withClient, withRouter } from '../support/decorators'
import { recordBodies } from '../support/requests'
import { choose, optionLabels } from '../support/select'

function StoryToasts({ children }: { children: React.ReactNode }) {
  const [queue] = useState(() => createToastQueue())
  return <ToastProvider queue={queue}>{children}</ToastProvider>
}
const withToasts: Decorator = (Story) => (
  <StoryToasts>
    <Story />
  </StoryToasts>
)

// React Aria announces a pending button through a page-wide live region for 7 s, by the button's id; a previous
// story's announcement would point at a button that is gone.
function clearLiveAnnouncements() {
  for (const log of document.querySelectorAll('[data-live-announcer] [role="log"]')) log.replaceChildren()
}

// A fixed start keeps the dates on screen the same from day to day: 9 AM on the clock of the mocked customer,
// whose profile says PST (UTC-8 in December), so the pickers show and send times in that timezone.
const startDate = new Date(Date.UTC(2026, 11, 1, 17, 0))

const meta = {
  component: SubscriptionForm,
  title: 'Screens/SubscriptionForm',
  decorators: [
    (Story) => (
      <Box padding="xlarge" maxWidth="medium">
        <Story />
      </Box>
    ),
    withToasts,
    withClient,
    withRouter,
  ],
  args: { defaultStartDate: startDate },
  beforeEach: clearLiveAnnouncements,
  parameters: { msw: { handlers: scenarios.default } },
} satisfies Meta<typeof SubscriptionForm>
export default meta
type Story = StoryObj<typeof meta>

type Canvas = ReturnType<typeof within>
const page = () => within(document.body)

// The time is wrapped in Unicode isolation marks (RAC keeps it left-to-right in every locale).
const pickerText = (canvas: Canvas, label: string) =>
  canvas.getByRole('group', { name: label }).textContent?.replace(/[\u2066-\u2069]/g, '')

function summaryValue(canvas: Canvas, term: string) {
  const summary = within(canvas.getByRole('region', { name: 'Subscription summary' }))
  return summary.getByText(term).nextElementSibling
}

// Failures arrive after the client's retries (100 ms, then 200 ms), so toasts get a little longer to appear.
async function findToast(text: string) {
  const region = await page().findByRole('region', { name: 'Notifications' }, { timeout: 3000 })
  return within(region).findByText(text, {}, { timeout: 3000 })
}

export const Default: Story = {
  play: async ({ canvas, step }) => {
    await step('the defaults: followers, daily, 7 per period, a week from now', async () => {
      await waitFor(() =>
        expect(canvas.getByRole('combobox', { name: 'Action Type' })).toHaveDisplayValue('FOLLOWERS'),
      )
      await expect(canvas.getByRole('combobox', { name: 'Renewal Period' })).toHaveDisplayValue('Daily')
      await expect(canvas.getByRole('textbox', { name: 'Quantity per Period' })).toHaveValue('7')
      await expect(canvas.getByRole('textbox', { name: /Target URL/ })).toBeRequired()
      // On the customer's clock once the profile has arrived.
      await waitFor(() => expect(pickerText(canvas, 'Start Date')).toMatch(/12\/01\/2026, 09:00\s?AM\s?PST/))
      await expect(pickerText(canvas, 'End Date')).toMatch(/12\/08\/2026, 09:00\s?AM\s?PST/)
    })
    await step('the summary: 7 daily periods of 7 followers', async () => {
      await expect(summaryValue(canvas, 'Renewal period')).toHaveTextContent('Daily')
      await expect(summaryValue(canvas, 'Number of periods')).toHaveTextContent('7')
      await expect(summaryValue(canvas, 'Duration')).toHaveTextContent('7 days')
      await expect(summaryValue(canvas, 'Total quantity')).toHaveTextContent('49')
      // 49 followers × 0.0025
      await expect(summaryValue(canvas, 'Total cost')).toHaveTextContent('$0.1225')
      await expect(canvas.getByText(TOTAL_USD_AMOUNT).nextElementSibling).toHaveTextContent('$0.1225')
    })
  },
}

export const Loading: Story = {
  parameters: { msw: { handlers: [handlers.getServices.loading(), ...scenarios.default] } },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('combobox', { name: 'Action Type' })).toBeDisabled()
    // No rate yet: an unknown rate costs 0 in the subscription total.
    await expect(summaryValue(canvas, 'Total cost')).toHaveTextContent('$0.0000')
  },
}

export const Empty: Story = {
  parameters: { msw: { handlers: scenarios.empty } },
  play: async ({ canvas }) => {
    await waitFor(() =>
      expect(canvas.getByRole('combobox', { name: 'Action Type' })).toHaveDisplayValue(NO_SERVICES_AVAILABLE),
    )
    await expect(summaryValue(canvas, 'Number of periods')).toHaveTextContent('7')
    await expect(summaryValue(canvas, 'Total cost')).toHaveTextContent('$0.0000')
  },
}

export const ServerError: Story = {
  parameters: { msw: { handlers: scenarios.serverError } },
  play: async ({ canvas }) => {
    await waitFor(() =>
      expect(canvas.getByRole('combobox', { name: 'Action Type' })).toHaveDisplayValue(NO_SERVICES_AVAILABLE),
    )
    await expect(summaryValue(canvas, 'Total cost')).toHaveTextContent('$0.0000')
  },
}

export const RenewalPeriodsAndSummary: Story = {
  play: async ({ canvas, step }) => {
    await step('the five renewal periods', async () => {
      await expect(optionLabels(canvas.getByRole('combobox', { name: 'Renewal Period' }))).toEqual([
        'Minutely',
        'Daily',
        'Weekly',
        'Bi-weekly',
        'Monthly',
      ])
    })
    await step('weekly: one period of a week', async () => {
      await choose(canvas, /Renewal Period/, 'Weekly')
      await expect(summaryValue(canvas, 'Number of periods')).toHaveTextContent('1')
      await expect(summaryValue(canvas, 'Duration')).toHaveTextContent('1 week')
      // The cost once the service list (with its rates) has arrived.
      await waitFor(() => expect(summaryValue(canvas, 'Total cost')).toHaveTextContent('$0.0175'))
    })
    await step('minutely: every minute of the week', async () => {
      await choose(canvas, /Renewal Period/, 'Minutely')
      await expect(summaryValue(canvas, 'Number of periods')).toHaveTextContent('10,080')
      await expect(summaryValue(canvas, 'Duration')).toHaveTextContent('10,080 minutes')
      await expect(summaryValue(canvas, 'Total quantity')).toHaveTextContent('70,560')
      await expect(summaryValue(canvas, 'Total cost')).toHaveTextContent('$176.4000')
    })
    await step('bi-weekly and monthly round the count up', async () => {
      await choose(canvas, /Renewal Period/, 'Bi-weekly')
      await expect(summaryValue(canvas, 'Number of periods')).toHaveTextContent('1')
      await expect(summaryValue(canvas, 'Duration')).toHaveTextContent('0.5 bi-weeks')
      await choose(canvas, /Renewal Period/, 'Monthly')
      await expect(summaryValue(canvas, 'Number of periods')).toHaveTextContent('1')
      await expect(summaryValue(canvas, 'Duration')).toHaveTextContent('0.23 months')
    })
    await step('the quantity per period and the action type change the cost', async () => {
      await choose(canvas, /Renewal Period/, 'Daily')
      const quantity = canvas.getByRole('textbox', { name: 'Quantity per Period' })
      await userEvent.clear(quantity)
      await userEvent.type(quantity, '100')
      // 7 × 100 followers × 0.0025
      await expect(summaryValue(canvas, 'Total cost')).toHaveTextContent('$1.7500')
      await choose(canvas, /Action Type/, 'LIKES')
      // 7 × 100 likes × 0.0012
      await expect(canvas.getByText(TOTAL_USD_AMOUNT).nextElementSibling).toHaveTextContent('$0.8400')
    })
  },
}

export const StartAndEndCoupling: Story = {
  play: async ({ canvas, step }) => {
    const startYear = within(canvas.getByRole('group', { name: 'Start Date' })).getByRole('spinbutton', {
      name: /year/i,
    })
    const endYear = within(canvas.getByRole('group', { name: 'End Date' })).getByRole('spinbutton', {
      name: /year/i,
    })
    await step('moving the start past the end moves the end with it', async () => {
      await waitFor(() => expect(pickerText(canvas, 'Start Date')).toMatch(/PST/))
      await userEvent.click(startYear)
      await userEvent.keyboard('{ArrowUp}')
      await expect(pickerText(canvas, 'Start Date')).toMatch(/12\/01\/2027, 09:00\s?AM\s?PST/)
      await expect(pickerText(canvas, 'End Date')).toMatch(/12\/08\/2027, 09:00\s?AM\s?PST/)
      await expect(summaryValue(canvas, 'Duration')).toHaveTextContent('7 days')
    })
    await step('a start before the end leaves the end where it is', async () => {
      await userEvent.keyboard('{ArrowDown}')
      await expect(pickerText(canvas, 'Start Date')).toMatch(/12\/01\/2026, 09:00\s?AM\s?PST/)
      await expect(pickerText(canvas, 'End Date')).toMatch(/12\/08\/2027, 09:00\s?AM\s?PST/)
      await expect(summaryValue(canvas, 'Number of periods')).toHaveTextContent('372')
    })
    await step('the end cannot go before the start', async () => {
      await userEvent.click(endYear)
      await userEvent.keyboard('{ArrowDown}{ArrowDown}')
      await expect(pickerText(canvas, 'End Date')).toMatch(/12\/08\/2025/)
      await expect(endYear).toHaveAttribute('aria-invalid', 'true')
      await expect(canvas.getByText(END_BEFORE_START)).toBeVisible()
      await expect(summaryValue(canvas, 'Number of periods')).toHaveTextContent('0')
      await userEvent.type(canvas.getByRole('textbox', { name: /Target URL/ }), 'https://x.com/engagepanel')
      await userEvent.click(canvas.getByRole('button', { name: 'Subscribe' }))
      await expect(await canvas.findByText(END_BEFORE_START)).toBeVisible()
      await expect(page().queryByRole('region', { name: 'Notifications' })).toBeNull()
    })
    await step('the calendar of the end offers no day before the start', async () => {
      await userEvent.click(endYear)
      await userEvent.keyboard('{ArrowUp}')
      await userEvent.click(
        within(canvas.getByRole('group', { name: 'End Date' })).getByRole('button', { name: /Calendar/ }),
      )
      const calendar = await page().findByRole('dialog')
      // December 2026 opens; November, wholly before the start, cannot be reached.
      await expect(within(calendar).getByRole('heading')).toHaveTextContent('December 2026')
      await expect(within(calendar).getByRole('button', { name: /Previous/ })).toBeDisabled()
      await userEvent.keyboard('{Escape}')
    })
  },
}

export const ValidationMessages: Story = {
  play: async ({ canvas }) => {
    const quantity = canvas.getByRole('textbox', { name: 'Quantity per Period' })
    await userEvent.clear(quantity)
    await userEvent.type(quantity, '0')
    await userEvent.click(canvas.getByRole('button', { name: 'Subscribe' }))
    await expect(await canvas.findByText(VALID_URL_REQUIRED)).toBeVisible()
    await expect(canvas.getByText(QUANTITY_RANGE_MESSAGE)).toBeVisible()
    // Focus moves to the first invalid field in reading order.
    await waitFor(() => expect(quantity).toHaveFocus())
  },
}

export const AiSettingsForAiServices: Story = {
  args: {
    onChooseAiSettings: fn((request: AiSettingsChoiceRequest) => request.onApply(['default', 'reasoner'])),
  },
  play: async ({ canvas, args }) => {
    await waitFor(() => expect(canvas.getByRole('combobox', { name: 'Action Type' })).toBeEnabled())
    await expect(canvas.queryByRole('button', { name: 'AI Settings' })).toBeNull()
    await choose(canvas, /Action Type/, 'AI TWEETS')
    await userEvent.click(canvas.getByRole('button', { name: 'AI Settings' }))
    await expect(args.onChooseAiSettings).toHaveBeenCalledWith(expect.objectContaining({ selectedIds: [] }))
    await expect(canvas.getByText('2 AI settings selected')).toBeVisible()
  },
}

const sentSubscriptions: unknown[] = []
const subscribeState = createMockState()

export const Subscribe: Story = {
  args: { onSubscribed: fn() },
  beforeEach: () => {
    sentSubscriptions.length = 0
  },
  parameters: {
    msw: {
      handlers: [
        http.post('*/api/orders/subscription', async ({ request }) => {
          sentSubscriptions.push(await request.clone().json())
          return undefined
        }),
        ...createScenario('default', subscribeState),
      ],
    },
  },
  play: async ({ canvas, args }) => {
    await waitFor(() => expect(canvas.getByRole('combobox', { name: 'Action Type' })).toBeEnabled())
    await userEvent.type(
      canvas.getByRole('textbox', { name: /Target URL/ }),
      'https://instagram.com/engage.studio',
    )
    await userEvent.click(canvas.getByRole('button', { name: 'Subscribe' }))
    await expect(await findToast(SUBSCRIPTION_CREATED)).toBeVisible()
    await expect(sentSubscriptions).toEqual([
      {
        plan: '',
        renewalPeriod: 'daily',
        actionType: 'followers',
        quantityPerPeriod: 7,
        startDate: startDate.toISOString(),
        endDate: new Date(Date.UTC(2026, 11, 8, 17, 0)).toISOString(),
        url: 'https://instagram.com/engage.studio',
        aiSettings: [],
      },
    ])
    await expect(args.onSubscribed).toHaveBeenCalledWith(
      expect.objectContaining({
        initialOrder: expect.objectContaining({ service_type: 'followers', quantity: 7 }),
        subscription: expect.objectContaining({ periodCount: 7, status: 'active' }),
      }),
    )
    await expect(canvas.getByRole('textbox', { name: /Target URL/ })).toHaveValue('')
  },
}

export const SubscribeRefused: Story = {
  parameters: {
    msw: { handlers: [handlers.createSubscription.failure(INSUFFICIENT_BALANCE, 402), ...scenarios.default] },
  },
  play: async ({ canvas }) => {
    await userEvent.type(
      canvas.getByRole('textbox', { name: /Target URL/ }),
      'https://instagram.com/engage.studio',
    )
    await userEvent.click(canvas.getByRole('button', { name: 'Subscribe' }))
    await expect(await findToast(INSUFFICIENT_BALANCE)).toBeVisible()
    await expect(canvas.getByRole('textbox', { name: /Target URL/ })).toHaveValue(
      'https://instagram.com/engage.studio',
    )
  },
}

// An account with one cent: the default plan's first period (7 followers, $0.0175) is more than that.
const oneCentState = createMockState()
oneCentState.balanceMicros = 10_000
const oneCentSubscriptions: unknown[] = []
const oneCentMe = { asked: false }

export const FirstPeriodNotCovered: Story = {
  name: 'A plan whose first period the balance cannot pay is refused before sending',
  parameters: {
    msw: {
      handlers: [
        recordBodies('createSubscription', oneCentSubscriptions),
        // Notes that the user's data (with the balance) was asked for; the scenario answers it.
        http.get('*/api/user/me', () => {
          oneCentMe.asked = true
          return undefined
        }),
        ...createScenario('default', oneCentState),
      ],
    },
  },
  beforeEach: () => {
    oneCentSubscriptions.length = 0
  },
  play: async ({ canvas }) => {
    await userEvent.type(
      canvas.getByRole('textbox', { name: /Target URL/ }),
      'https://instagram.com/engage.studio',
    )
    // The balance arrives with the user's data, and with it the profile's timezone the pickers then show.
    await waitFor(() => expect(oneCentMe.asked).toBe(true))
    await waitFor(() => expect(pickerText(canvas, 'Start Date')).toMatch(/PST/))
    await userEvent.click(canvas.getByRole('button', { name: 'Subscribe' }))
    // The refusal stands beside the quantity, which sets the price of a period.
    const quantity = canvas.getByRole('textbox', { name: 'Quantity per Period' })
    await waitFor(() =>
      expect(quantity).toHaveAccessibleDescription(expect.stringContaining(firstPeriodNotCovered('$0.0175'))),
    )
    await expect(quantity).toHaveAttribute('aria-invalid', 'true')
    await expect(oneCentSubscriptions).toEqual([])
  },
}

// ---- The user's subscriptions, listed under the form on the Subscriptions tab -------------------------------

export const SubscriptionsList: Story = {
  render: () => <SubscriptionFormList />,
  // Its own state: the cancel below must not leak into the other stories.
  parameters: { msw: { handlers: createScenario('default', createMockState()) } },
  play: async ({ canvas, step }) => {
    const table = await canvas.findByRole('grid', { name: 'Your Subscriptions' })
    await step('each subscription with its progress and status', async () => {
      // the header row, then the active subscription and the cancelled one
      await waitFor(() => expect(within(table).getAllByRole('row')).toHaveLength(3))
      const rows = within(table).getAllByRole('row')
      await expect(rows[1]).toHaveTextContent(/FOLLOWERS.*Daily.*100.*3 of 7.*Active/)
      await expect(rows[2]).toHaveTextContent(/AI COMMENTS.*Weekly.*20.*1 of \d+.*Cancelled/)
      await expect(within(rows[2] as HTMLElement).queryByRole('button', { name: /Cancel/ })).toBeNull()
    })
    await step('an active subscription is cancelled after a confirmation', async () => {
      await userEvent.click(within(table).getByRole('button', { name: 'Cancel subscription 12' }))
      const dialog = await page().findByRole('alertdialog', { name: CANCEL_SUBSCRIPTION_CONFIRMATION })
      await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel Subscription' }))
      await expect(await findToast(SUBSCRIPTION_CANCELLED)).toBeVisible()
      await waitFor(() => expect(within(table).getAllByRole('row')[1]).toHaveTextContent('Cancelled'))
    })
  },
}

export const SubscriptionsListKeep: Story = {
  render: () => <SubscriptionFormList />,
  play: async ({ canvas }) => {
    const table = await canvas.findByRole('grid', { name: 'Your Subscriptions' })
    await userEvent.click(await within(table).findByRole('button', { name: 'Cancel subscription 12' }))
    const dialog = await page().findByRole('alertdialog', { name: CANCEL_SUBSCRIPTION_CONFIRMATION })
    await userEvent.click(within(dialog).getByRole('button', { name: 'Keep Subscription' }))
    await waitFor(() => expect(page().queryByRole('alertdialog')).not.toBeInTheDocument())
    await expect(within(table).getAllByRole('row')[1]).toHaveTextContent('Active')
  },
}

export const SubscriptionsListEmpty: Story = {
  render: () => <SubscriptionFormList />,
  parameters: { msw: { handlers: scenarios.empty } },
  play: async ({ canvas }) => {
    await expect(await canvas.findByText(NO_SUBSCRIPTIONS_FOUND)).toBeVisible()
  },
}

export const SubscriptionsListLoading: Story = {
  render: () => <SubscriptionFormList />,
  parameters: { msw: { handlers: scenarios.loading } },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('progressbar', { name: 'Loading' })).toBeVisible()
  },
}

export const SubscriptionsListServerError: Story = {
  render: () => <SubscriptionFormList />,
  parameters: { msw: { handlers: scenarios.serverError } },
  play: async ({ canvas }) => {
    const banner = await canvas.findByRole('alert')
    await expect(banner).toHaveTextContent('Internal server error')
  },
}
