import type { Meta, StoryObj } from '@storybook/react-vite'
import { expect, fn, userEvent, waitFor, within } from 'storybook/test'
import {
  ADD_FUNDS,
  aiKeyRequired,
  OPEN_AI_SETTINGS,
  AUTHENTICATION_ERROR_LOG_IN_AGAIN,
  DRIP_FEED_INTERVAL_MESSAGE,
  DRIP_FEED_NOT_FOR_AI,
  DRIP_FEED_RUNS_MESSAGE,
  FAILED_TO_PLACE_ORDER,
  INSUFFICIENT_BALANCE,
  NO_SERVICES_AVAILABLE,
  ORDER_PLACED,
  QUANTITY_RANGE_MESSAGE,
  QUANTITY_WHOLE_NUMBER_MESSAGE,
  SERVICE_TYPE_REQUIRED,
  VALID_URL_REQUIRED,
} from '@engage/contract'
import { createMockState, createScenario, fixtureAiSettings, handlers, scenarios } from '@engage/mocks'
import { dripFeedPart, OrderForm } from '@engage/screens'
import { clearLiveAnnouncements } from '../support/announcements'
import { chooseActionType, optionLabels } from '../support/select'
import { recordBodies } from '../support/requests'
import { orderScreenDecorators } from '../support/screens'
import { findToast } from '../support/toasts'

const [defaultAiSetting] = fixtureAiSettings()

const meta = {
  component: OrderForm,
  title: 'Screens/OrderForm',
  decorators: orderScreenDecorators({ padding: 'xlarge', maxWidth: 'small' }),
  beforeEach: clearLiveAnnouncements,
  parameters: { msw: { handlers: scenarios.default } },
} satisfies Meta<typeof OrderForm>
export default meta
type Story = StoryObj<typeof meta>

type Canvas = ReturnType<typeof within>

const total = (canvas: Canvas) => canvas.getByRole('status', { name: 'Total' })

export const Default: Story = {
  play: async ({ canvas, step }) => {
    await step('the action types are the services, named with spaces and in capitals', async () => {
      const select = canvas.getByRole('combobox', { name: 'Action Type' })
      await waitFor(() => expect(select).toBeEnabled())
      await expect(select).toHaveDisplayValue('Select an action type')
      await expect(optionLabels(select)).toEqual([
        'FOLLOWERS',
        'LIKES',
        'VIEWS',
        'RETWEETS',
        'FOLLOWS',
        'AI COMMENTS',
        'AI TWEETS',
        'PREMIUM FOLLOWERS',
      ])
    })
    await step('Link and Quantity, with the placeholder Minimum: 1', async () => {
      await expect(canvas.getByRole('textbox', { name: 'Link' })).toHaveValue('')
      await expect(canvas.getByRole('textbox', { name: 'Quantity' })).toHaveAttribute(
        'placeholder',
        'Minimum: 1',
      )
    })
    await step('the total reads $0.00 while no service is chosen', async () => {
      await expect(total(canvas)).toHaveTextContent('$0.00')
      await expect(canvas.getByRole('button', { name: 'Place Order' })).toBeEnabled()
    })
  },
}

export const Loading: Story = {
  parameters: { msw: { handlers: [handlers.getServices.loading(), ...scenarios.default] } },
  play: async ({ canvas }) => {
    const select = canvas.getByRole('combobox', { name: 'Action Type' })
    await expect(select).toHaveDisplayValue('Loading services...')
    await expect(select).toBeDisabled()
  },
}

export const Empty: Story = {
  parameters: { msw: { handlers: scenarios.empty } },
  play: async ({ canvas }) => {
    const select = canvas.getByRole('combobox', { name: 'Action Type' })
    await waitFor(() => expect(select).toHaveDisplayValue(NO_SERVICES_AVAILABLE))
    await expect(select).toBeDisabled()
    await expect(total(canvas)).toHaveTextContent('$0.00')
  },
}

export const ServerError: Story = {
  parameters: { msw: { handlers: scenarios.serverError } },
  play: async ({ canvas, step }) => {
    await step('a failed service list shows the empty message', async () => {
      const select = canvas.getByRole('combobox', { name: 'Action Type' })
      await waitFor(() => expect(select).toHaveDisplayValue(NO_SERVICES_AVAILABLE))
    })
    await step('submitting still explains what is missing, by each field', async () => {
      await userEvent.click(canvas.getByRole('button', { name: 'Place Order' }))
      await expect(await canvas.findByText(SERVICE_TYPE_REQUIRED)).toBeVisible()
    })
  },
}

export const ValidationMessages: Story = {
  play: async ({ canvas, step }) => {
    const quantity = canvas.getByRole('textbox', { name: 'Quantity' })
    const link = canvas.getByRole('textbox', { name: 'Link' })
    await step('an empty submit shows the three messages by their fields', async () => {
      await userEvent.click(canvas.getByRole('button', { name: 'Place Order' }))
      await expect(await canvas.findByText(SERVICE_TYPE_REQUIRED)).toBeVisible()
      await expect(canvas.getByText(VALID_URL_REQUIRED)).toBeVisible()
      await expect(canvas.getByText(QUANTITY_RANGE_MESSAGE)).toBeVisible()
      await expect(link).toHaveAccessibleDescription(VALID_URL_REQUIRED)
      await expect(quantity).toHaveAccessibleDescription(QUANTITY_RANGE_MESSAGE)
    })
    await step('a link must start with http:// or https://', async () => {
      await userEvent.type(link, 'x.com/engagepanel')
      await expect(canvas.getByText(VALID_URL_REQUIRED)).toBeVisible()
      await userEvent.clear(link)
      await userEvent.type(link, 'https://x.com/engagepanel')
      await waitFor(() => expect(canvas.queryByText(VALID_URL_REQUIRED)).not.toBeInTheDocument())
    })
    await step('the quantity is a whole number from 1 to 10,000', async () => {
      for (const text of ['0', '10001', 'ten']) {
        await userEvent.clear(quantity)
        await userEvent.type(quantity, text)
        await expect(canvas.getByText(QUANTITY_RANGE_MESSAGE)).toBeVisible()
      }
      await userEvent.clear(quantity)
      await userEvent.type(quantity, '2.5')
      await expect(canvas.getByText(QUANTITY_WHOLE_NUMBER_MESSAGE)).toBeVisible()
      for (const text of ['1', '10000']) {
        await userEvent.clear(quantity)
        await userEvent.type(quantity, text)
        await waitFor(() => expect(canvas.queryByText(QUANTITY_RANGE_MESSAGE)).not.toBeInTheDocument())
      }
    })
    await step('choosing an action type clears its message', async () => {
      await chooseActionType(canvas, 'LIKES')
      await waitFor(() => expect(canvas.queryByText(SERVICE_TYPE_REQUIRED)).not.toBeInTheDocument())
    })
  },
}

const limitState = createMockState()
const limitOrders: unknown[] = []

export const ServiceLimits: Story = {
  name: "The chosen service's own limits, checked before sending",
  parameters: {
    msw: { handlers: [recordBodies('createOrder', limitOrders), ...createScenario('default', limitState)] },
  },
  beforeEach: () => {
    limitOrders.length = 0
  },
  play: async ({ canvas, step }) => {
    const quantity = canvas.getByRole('textbox', { name: 'Quantity' })
    await userEvent.type(canvas.getByRole('textbox', { name: 'Link' }), 'https://x.com/engagepanel/status/1')
    await step('views start at 100: the placeholder and the hint say so', async () => {
      await chooseActionType(canvas, 'VIEWS')
      await waitFor(() => expect(quantity).toHaveAttribute('placeholder', 'Minimum: 100'))
      await expect(canvas.getByText('From 100 to 10,000')).toBeVisible()
    })
    await step(
      '50 views are refused beside the field, in the spec words, before anything is sent',
      async () => {
        await userEvent.type(quantity, '50')
        await userEvent.click(canvas.getByRole('button', { name: 'Place Order' }))
        await expect(await canvas.findByText('Quantity must be between 100 - 10,000')).toBeVisible()
        await expect(canvas.queryByText(/quantity: /)).toBeNull()
      },
    )
    await step('a fraction is told to be a whole number', async () => {
      await userEvent.clear(quantity)
      await userEvent.type(quantity, '150.5')
      await expect(await canvas.findByText(QUANTITY_WHOLE_NUMBER_MESSAGE)).toBeVisible()
    })
    await step('follows stop at 5,000', async () => {
      await chooseActionType(canvas, 'FOLLOWS')
      await expect(canvas.getByText('From 1 to 5,000')).toBeVisible()
      await userEvent.clear(quantity)
      await userEvent.type(quantity, '6000')
      await expect(await canvas.findByText('Quantity must be between 1 - 5,000')).toBeVisible()
    })
    await step('nothing reached the server', async () => {
      await expect(limitOrders).toEqual([])
    })
  },
}

export const TotalUpdatesLive: Story = {
  play: async ({ canvas }) => {
    const quantity = canvas.getByRole('textbox', { name: 'Quantity' })
    await userEvent.type(quantity, '500')
    await expect(total(canvas)).toHaveTextContent('$0.00')
    // likes cost 0.0012 USD per unit
    await chooseActionType(canvas, 'LIKES')
    await expect(total(canvas)).toHaveTextContent('$0.6000')
    await userEvent.type(quantity, '0')
    await expect(total(canvas)).toHaveTextContent('$6.0000')
    // views cost 0.0004 USD per unit
    await chooseActionType(canvas, 'VIEWS')
    await expect(total(canvas)).toHaveTextContent('$2.0000')
    await userEvent.clear(quantity)
    await expect(total(canvas)).toHaveTextContent('$0.0000')
  },
}

export const UnknownRate: Story = {
  // A deep link may name a service the panel has no rate for.
  args: { defaultValues: { serviceType: 'custom_reach', quantity: 2 } },
  play: async ({ canvas }) => {
    // An unknown rate is priced at 999 per unit in the order form, so it never looks free.
    await expect(total(canvas)).toHaveTextContent('$1,998.0000')
  },
}

export const AiSettingsOnlyForAiServices: Story = {
  args: { aiSetting: defaultAiSetting, onAiSettingsPress: fn() },
  play: async ({ canvas, args, step }) => {
    await step('no AI Settings button for followers', async () => {
      await chooseActionType(canvas, 'FOLLOWERS')
      await expect(canvas.queryByRole('button', { name: 'AI Settings' })).toBeNull()
      await expect(canvas.queryByText('AI enhanced')).toBeNull()
    })
    await step('ai_comments: AI Settings with the chosen setting, marked AI enhanced', async () => {
      await chooseActionType(canvas, 'AI COMMENTS')
      await expect(canvas.getByText('AI enhanced')).toBeVisible()
      await expect(canvas.getByText(`AI setting: ${defaultAiSetting?.name ?? ''}`)).toBeVisible()
      await userEvent.click(canvas.getByRole('button', { name: 'AI Settings' }))
      await expect(args.onAiSettingsPress).toHaveBeenCalledTimes(1)
    })
    await step('ai_tweets too', async () => {
      await chooseActionType(canvas, 'AI TWEETS')
      await expect(canvas.getByRole('button', { name: 'AI Settings' })).toBeVisible()
    })
    await step('not for premium followers', async () => {
      await chooseActionType(canvas, 'PREMIUM FOLLOWERS')
      await expect(canvas.queryByRole('button', { name: 'AI Settings' })).toBeNull()
    })
  },
}

const sentOrders: unknown[] = []
const placeState = createMockState()

export const PlacesAnOrder: Story = {
  args: { aiSetting: defaultAiSetting, onAiSettingsPress: fn(), onOrderPlaced: fn() },
  beforeEach: () => {
    sentOrders.length = 0
  },
  parameters: {
    msw: {
      handlers: [
        // Records each body, then lets the stateful handler answer.
        recordBodies('createOrder', sentOrders),
        ...createScenario('default', placeState),
      ],
    },
  },
  play: async ({ canvas, args, step }) => {
    await step('an AI comments order carries the chosen AI setting', async () => {
      await chooseActionType(canvas, 'AI COMMENTS')
      await userEvent.type(
        canvas.getByRole('textbox', { name: 'Link' }),
        'https://x.com/engagepanel/status/1',
      )
      await userEvent.type(canvas.getByRole('textbox', { name: 'Quantity' }), '20')
      await expect(total(canvas)).toHaveTextContent('$1.0000')
      await userEvent.click(canvas.getByRole('button', { name: 'Place Order' }))
      await expect(await findToast(ORDER_PLACED)).toBeVisible()
      await expect(sentOrders.at(-1)).toMatchObject({
        service_type: 'ai_comments',
        target_url: 'https://x.com/engagepanel/status/1',
        quantity: 20,
        custom_comment: null,
        ai_settings: { id: defaultAiSetting?.id, name: defaultAiSetting?.name },
      })
      await expect(args.onOrderPlaced).toHaveBeenCalledWith(
        expect.objectContaining({ service_type: 'ai_comments', quantity: 20, status: 'pending' }),
      )
    })
    await step('the form clears Link and Quantity and keeps the action type', async () => {
      await expect(canvas.getByRole('textbox', { name: 'Link' })).toHaveValue('')
      await expect(canvas.getByRole('textbox', { name: 'Quantity' })).toHaveValue('')
      await expect(canvas.getByRole('combobox', { name: 'Action Type' })).toHaveDisplayValue('AI COMMENTS')
    })
    await step('other services send no AI setting', async () => {
      await chooseActionType(canvas, 'LIKES')
      await userEvent.type(
        canvas.getByRole('textbox', { name: 'Link' }),
        'https://x.com/engagepanel/status/2',
      )
      await userEvent.type(canvas.getByRole('textbox', { name: 'Quantity' }), '100')
      await userEvent.click(canvas.getByRole('button', { name: 'Place Order' }))
      await waitFor(() => expect(sentOrders).toHaveLength(2))
      await expect(sentOrders.at(-1)).toMatchObject({
        service_type: 'likes',
        quantity: 100,
        ai_settings: null,
      })
    })
  },
}

export const ServerRefusesTheOrder: Story = {
  parameters: {
    msw: { handlers: [handlers.createOrder.failure(INSUFFICIENT_BALANCE, 402), ...scenarios.default] },
  },
  play: async ({ canvas }) => {
    await chooseActionType(canvas, 'FOLLOWERS')
    await userEvent.type(canvas.getByRole('textbox', { name: 'Link' }), 'https://instagram.com/engage')
    await userEvent.type(canvas.getByRole('textbox', { name: 'Quantity' }), '1000')
    await userEvent.click(canvas.getByRole('button', { name: 'Place Order' }))
    const toast = await findToast(INSUFFICIENT_BALANCE)
    await expect(toast).toBeVisible()
    // The toast offers the way to the wallet.
    const region = within(document.body).getByRole('region', { name: 'Notifications' })
    await expect(within(region).getByRole('link', { name: ADD_FUNDS })).toHaveAttribute('href', '/wallet')
    // The values stay, so the user can try again after a deposit.
    await expect(canvas.getByRole('textbox', { name: 'Quantity' })).toHaveValue('1000')
  },
}

export const AiOrderWithoutKey: Story = {
  name: 'An AI order no key can write is refused, with the way to the AI settings',
  parameters: {
    msw: {
      handlers: [
        handlers.createOrder.failure(`ai_settings: ${aiKeyRequired('DeepSeek')}`, 422, 'ai_settings'),
        ...scenarios.default,
      ],
    },
  },
  play: async ({ canvas }) => {
    await chooseActionType(canvas, 'AI COMMENTS')
    await userEvent.type(canvas.getByRole('textbox', { name: 'Link' }), 'https://x.com/engagepanel/status/2')
    await userEvent.type(canvas.getByRole('textbox', { name: 'Quantity' }), '10')
    await userEvent.click(canvas.getByRole('button', { name: 'Place Order' }))
    await expect(await findToast(aiKeyRequired('DeepSeek'))).toBeVisible()
    const region = within(document.body).getByRole('region', { name: 'Notifications' })
    await expect(within(region).getByRole('link', { name: OPEN_AI_SETTINGS })).toHaveAttribute(
      'href',
      '/settings?tab=ai',
    )
  },
}

export const NetworkFailure: Story = {
  parameters: { msw: { handlers: [handlers.createOrder.networkError(), ...scenarios.default] } },
  play: async ({ canvas }) => {
    await chooseActionType(canvas, 'FOLLOWERS')
    await userEvent.type(canvas.getByRole('textbox', { name: 'Link' }), 'https://instagram.com/engage')
    await userEvent.type(canvas.getByRole('textbox', { name: 'Quantity' }), '1000')
    await userEvent.click(canvas.getByRole('button', { name: 'Place Order' }))
    await expect(await findToast(FAILED_TO_PLACE_ORDER)).toBeVisible()
  },
}

export const SignedOut: Story = {
  parameters: { signedOut: true },
  play: async ({ canvas }) => {
    await chooseActionType(canvas, 'FOLLOWERS')
    await userEvent.type(canvas.getByRole('textbox', { name: 'Link' }), 'https://instagram.com/engage')
    await userEvent.type(canvas.getByRole('textbox', { name: 'Quantity' }), '1000')
    await userEvent.click(canvas.getByRole('button', { name: 'Place Order' }))
    await expect(await findToast(AUTHENTICATION_ERROR_LOG_IN_AGAIN)).toBeVisible()
  },
}

export const FieldRefusedByTheServer: Story = {
  parameters: {
    msw: {
      handlers: [
        handlers.createOrder.failure(`target_url: ${VALID_URL_REQUIRED}`, 422, 'target_url'),
        ...scenarios.default,
      ],
    },
  },
  play: async ({ canvas }) => {
    await chooseActionType(canvas, 'FOLLOWERS')
    await userEvent.type(canvas.getByRole('textbox', { name: 'Link' }), 'https://instagram.com/engage')
    await userEvent.type(canvas.getByRole('textbox', { name: 'Quantity' }), '1000')
    await userEvent.click(canvas.getByRole('button', { name: 'Place Order' }))
    // The toast gives the message alone, without the API's field name in front.
    await expect(await findToast(VALID_URL_REQUIRED)).toHaveTextContent(/^Valid URL required/)
    await expect(canvas.getByRole('textbox', { name: 'Link' })).toHaveAccessibleDescription(
      VALID_URL_REQUIRED,
    )
  },
}

export const Prefilled: Story = {
  args: { defaultValues: { serviceType: 'followers', url: 'https://x.com/engagepanel', quantity: 400 } },
  play: async ({ canvas }) => {
    await waitFor(() =>
      expect(canvas.getByRole('combobox', { name: 'Action Type' })).toHaveDisplayValue('FOLLOWERS'),
    )
    await expect(canvas.getByRole('textbox', { name: 'Link' })).toHaveValue('https://x.com/engagepanel')
    await expect(canvas.getByRole('textbox', { name: 'Quantity' })).toHaveValue('400')
    // followers cost 0.0025 USD per unit
    await expect(total(canvas)).toHaveTextContent('$1.0000')
  },
}

export const CustomSubmitAction: Story = {
  name: 'Custom submit action (the widget)',
  args: { submitLabel: 'Order on Engage Panel', onSubmit: fn() },
  play: async ({ canvas, args }) => {
    await chooseActionType(canvas, 'RETWEETS')
    await userEvent.type(
      canvas.getByRole('textbox', { name: 'Link' }),
      ' https://x.com/engagepanel/status/9 ',
    )
    await userEvent.type(canvas.getByRole('textbox', { name: 'Quantity' }), '250')
    await userEvent.click(canvas.getByRole('button', { name: 'Order on Engage Panel' }))
    await waitFor(() =>
      expect(args.onSubmit).toHaveBeenCalledWith({
        serviceType: 'retweets',
        url: 'https://x.com/engagepanel/status/9',
        quantity: 250,
      }),
    )
    await expect(canvas.queryByRole('button', { name: 'Place Order' })).toBeNull()
  },
}

// ---- Drip-feed ---------------------------------------------------------------------------------------------

const dripFeedBox = (canvas: Canvas) => canvas.getByRole('checkbox', { name: /^Drip-feed/ })

/** Without `dripFeed` (the widget's form) there is no drip-feed at all. */
export const DripFeedNotOffered: Story = {
  play: async ({ canvas }) => {
    await chooseActionType(canvas, 'LIKES')
    await expect(canvas.queryByRole('checkbox', { name: /^Drip-feed/ })).toBeNull()
  },
}

/** Drip-feed offered and off: the box alone, no Runs or Interval. */
export const DripFeedOff: Story = {
  args: { dripFeed: dripFeedPart },
  play: async ({ canvas }) => {
    await chooseActionType(canvas, 'LIKES')
    await expect(dripFeedBox(canvas)).not.toBeChecked()
    await expect(canvas.queryByRole('textbox', { name: 'Runs' })).toBeNull()
    await expect(canvas.queryByRole('textbox', { name: 'Interval (minutes)' })).toBeNull()
  },
}

const dripFeedOrders: unknown[] = []

/** Ticked: Runs and Interval, the total counted for every run, and the order sent with runs and interval. */
export const DripFeedPlacesAnOrder: Story = {
  args: { dripFeed: dripFeedPart, onOrderPlaced: fn() },
  beforeEach: () => {
    dripFeedOrders.length = 0
  },
  parameters: {
    msw: {
      handlers: [
        recordBodies('createOrder', dripFeedOrders),
        ...createScenario('default', createMockState()),
      ],
    },
  },
  play: async ({ canvas, args, step }) => {
    const quantity = canvas.getByRole('textbox', { name: 'Quantity' })
    let wholeTotal = ''
    await step('the total of 500 likes, for comparison', async () => {
      await chooseActionType(canvas, 'LIKES')
      await userEvent.type(quantity, '500')
      wholeTotal = total(canvas).textContent ?? ''
      await userEvent.clear(quantity)
      await userEvent.type(quantity, '100')
    })
    await step('ticked by keyboard, Runs and Interval appear; 5 runs of 100 cost as 500', async () => {
      dripFeedBox(canvas).focus()
      await userEvent.keyboard(' ')
      await expect(dripFeedBox(canvas)).toBeChecked()
      await userEvent.type(canvas.getByRole('textbox', { name: 'Runs' }), '5')
      await userEvent.type(canvas.getByRole('textbox', { name: 'Interval (minutes)' }), '30')
      await expect(canvas.getByText('5 runs × 100 = 500 in all')).toBeVisible()
      await expect(total(canvas)).toHaveTextContent(wholeTotal)
      await expect(canvas.getByText(/, each run$/)).toBeVisible()
    })
    await step('placed with runs and interval; the form starts over', async () => {
      await userEvent.type(
        canvas.getByRole('textbox', { name: 'Link' }),
        'https://x.com/engagepanel/status/7',
      )
      await userEvent.click(canvas.getByRole('button', { name: 'Place Order' }))
      await expect(await findToast(ORDER_PLACED)).toBeVisible()
      await expect(dripFeedOrders.at(-1)).toMatchObject({
        service_type: 'likes',
        quantity: 100,
        runs: 5,
        interval: 30,
      })
      await expect(args.onOrderPlaced).toHaveBeenCalledWith(
        expect.objectContaining({
          quantity: 500,
          drip_feed: expect.objectContaining({ runs: 5, interval: 30 }),
        }),
      )
      await expect(dripFeedBox(canvas)).not.toBeChecked()
    })
  },
}

/** Runs and Interval out of range: each message by its field, nothing sent. */
export const DripFeedValidation: Story = {
  args: { dripFeed: dripFeedPart },
  play: async ({ canvas }) => {
    await chooseActionType(canvas, 'LIKES')
    await userEvent.type(canvas.getByRole('textbox', { name: 'Link' }), 'https://x.com/engagepanel/status/8')
    await userEvent.type(canvas.getByRole('textbox', { name: 'Quantity' }), '100')
    await userEvent.click(dripFeedBox(canvas))
    await userEvent.type(canvas.getByRole('textbox', { name: 'Runs' }), '1')
    await userEvent.type(canvas.getByRole('textbox', { name: 'Interval (minutes)' }), '2000')
    await userEvent.click(canvas.getByRole('button', { name: 'Place Order' }))
    await expect(canvas.getByRole('textbox', { name: 'Runs' })).toHaveAccessibleDescription(
      DRIP_FEED_RUNS_MESSAGE,
    )
    await expect(canvas.getByRole('textbox', { name: 'Interval (minutes)' })).toHaveAccessibleDescription(
      DRIP_FEED_INTERVAL_MESSAGE,
    )
  },
}

/** AI services write texts for one whole order: no drip-feed for them. */
export const DripFeedNotForAiServices: Story = {
  args: { dripFeed: dripFeedPart },
  play: async ({ canvas }) => {
    await chooseActionType(canvas, 'AI COMMENTS')
    await expect(canvas.queryByRole('checkbox', { name: /^Drip-feed/ })).toBeNull()
    await chooseActionType(canvas, 'LIKES')
    await expect(dripFeedBox(canvas)).toBeVisible()
  },
}

/** The server refuses the runs: its message beside the Runs field. */
export const DripFeedRefusedByTheServer: Story = {
  args: { dripFeed: dripFeedPart },
  parameters: {
    msw: {
      handlers: [
        handlers.createOrder.failure(`runs: ${DRIP_FEED_NOT_FOR_AI}`, 422, 'runs'),
        ...scenarios.default,
      ],
    },
  },
  play: async ({ canvas }) => {
    await chooseActionType(canvas, 'LIKES')
    await userEvent.type(canvas.getByRole('textbox', { name: 'Link' }), 'https://x.com/engagepanel/status/9')
    await userEvent.type(canvas.getByRole('textbox', { name: 'Quantity' }), '100')
    await userEvent.click(dripFeedBox(canvas))
    await userEvent.type(canvas.getByRole('textbox', { name: 'Runs' }), '3')
    await userEvent.type(canvas.getByRole('textbox', { name: 'Interval (minutes)' }), '10')
    await userEvent.click(canvas.getByRole('button', { name: 'Place Order' }))
    await expect(await findToast(DRIP_FEED_NOT_FOR_AI)).toBeVisible()
    await expect(canvas.getByRole('textbox', { name: 'Runs' })).toHaveAccessibleDescription(
      DRIP_FEED_NOT_FOR_AI,
    )
  },
}
