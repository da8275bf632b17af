import type { Meta, StoryObj } from '@storybook/react-vite'
import { RouterProvider } from 'react-aria-components'
import { expect, fn, userEvent, within } from 'storybook/test'
import { fixtureContactMethods, fixtureServices, scenarios } from '@engage/mocks'
import { PricingGrid } from '@engage/screens'
import { Box } from '@engage/ui'
import { withClient } from '../support/decorators'
import { withSiteContacts } from '../support/siteContacts'

const navigate = fn()

const meta = {
  component: PricingGrid,
  title: 'Screens/PricingGrid',
  decorators: [
    withSiteContacts(),
    withClient,
    (Story) => (
      <RouterProvider navigate={navigate}>
        <Box padding="xlarge">
          <Story />
        </Box>
      </RouterProvider>
    ),
  ],
  beforeEach: () => {
    navigate.mockClear()
  },
  parameters: { msw: { handlers: scenarios.default } },
} satisfies Meta<typeof PricingGrid>
export default meta
type Story = StoryObj<typeof meta>

export const Default: Story = {
  play: async ({ canvas, step }) => {
    await step('one card per service, named in title case, in the server order', async () => {
      const headings = await canvas.findAllByRole('heading', { level: 3 })
      await expect(headings).toHaveLength(Object.keys(fixtureServices).length)
      await expect(headings.map((heading) => heading.textContent)).toEqual([
        'Followers',
        'Likes',
        'Views',
        'Retweets',
        'Follows',
        'Ai Comments',
        'Ai Tweets',
        'Premium Followers',
      ])
    })
    await step('price per 1k units with two decimals: $0.0012 a unit reads $1.20', async () => {
      const likesCard = cardOf(canvas.getByRole('heading', { name: 'Likes' }))
      await expect(within(likesCard).getByText('$1.20')).toBeVisible()
      await expect(
        within(cardOf(canvas.getByRole('heading', { name: 'Ai Comments' }))).getByText('$50.00'),
      ).toBeVisible()
      await expect(canvas.getAllByText('per 1k units')).toHaveLength(Object.keys(fixtureServices).length)
    })
    await step('five features, with custom AI settings only for names containing ai', async () => {
      const aiCard = cardOf(canvas.getByRole('heading', { name: 'Ai Comments' }))
      const aiFeatures = within(aiCard)
        .getAllByRole('listitem')
        .map((item) => item.textContent)
      await expect(aiFeatures).toEqual([
        'Real-time analytics dashboard',
        'Support Everyday | 9 AM to 5 PM',
        'AI-powered optimization',
        'Custom AI settings',
        'API access',
      ])
      const followersCard = cardOf(canvas.getByRole('heading', { name: 'Followers' }))
      await expect(within(followersCard).getByText('Standard settings')).toBeVisible()
      await expect(within(followersCard).queryByText('Custom AI settings')).toBeNull()
    })
    await step('only the premium service is Most Popular', async () => {
      const badges = canvas.getAllByText('Most Popular')
      await expect(badges).toHaveLength(1)
      await expect(cardOf(badges[0] as HTMLElement)).toHaveTextContent('Premium Followers')
    })
    await step('Get Started leads to /orders', async () => {
      const links = canvas.getAllByRole('link', { name: 'Get Started' })
      await expect(links).toHaveLength(Object.keys(fixtureServices).length)
      await userEvent.click(links[0] as HTMLElement)
      await expect(navigate).toHaveBeenCalledWith('/orders', undefined)
    })
  },
}

export const GivenServiceList: Story = {
  // The prerendered landing page passes the list it was rendered with: no request at all (none is handled).
  args: { services: [{ serviceName: 'premium_likes', rate: 0.0012 }] },
  parameters: { msw: { handlers: [] } },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('heading', { level: 3, name: 'Premium Likes' })).toBeVisible()
    await expect(canvas.getByText('$1.20')).toBeVisible()
    await expect(canvas.getByText('Most Popular')).toBeVisible()
  },
}

export const Loading: Story = {
  parameters: { msw: { handlers: scenarios.loading } },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('progressbar', { name: 'Loading services' })).toBeVisible()
    await expect(canvas.queryByText('No services available at the moment.')).toBeNull()
  },
}

export const Empty: Story = {
  parameters: { msw: { handlers: scenarios.empty } },
  play: async ({ canvas }) => {
    await expect(await canvas.findByText('No services available at the moment.')).toBeVisible()
    await expect(canvas.queryByRole('link', { name: 'Get Started' })).toBeNull()
  },
}

export const ServerError: Story = {
  parameters: { msw: { handlers: scenarios.serverError } },
  play: async ({ canvas }) => {
    // A failing service list is only logged; the visitor sees the empty message, not an error.
    await expect(await canvas.findByText('No services available at the moment.')).toBeVisible()
    await expect(canvas.queryByRole('alert')).toBeNull()
  },
}

function cardOf(element: HTMLElement): HTMLElement {
  const card = element.closest('li')
  if (!card) throw new Error('every pricing card is a list item')
  return card
}

// The cards promise the hours the operator lists with the support mailbox, whatever they are.
const weekdayContacts = fixtureContactMethods().map((method) =>
  method.icon === 'mail' ? { ...method, text: 'Weekdays | 8 AM to 8 PM' } : method,
)

export const SupportHoursFromTheContactMethods: Story = {
  decorators: [withSiteContacts(weekdayContacts)],
  play: async ({ canvas }) => {
    const likesCard = cardOf(await canvas.findByRole('heading', { name: 'Likes' }))
    await expect(within(likesCard).getByText('Support Weekdays | 8 AM to 8 PM')).toBeVisible()
    await expect(canvas.queryByText(/24\/7/)).toBeNull()
  },
}
