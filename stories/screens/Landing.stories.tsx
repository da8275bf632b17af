import type { Meta, StoryObj } from '@storybook/react-vite'
import { RouterProvider } from 'react-aria-components'
import { expect, fn, screen, userEvent, waitFor, within } from 'storybook/test'
import { fixtureProfile, fixtureServices, scenarios } from '@engage/mocks'
import { Landing } from '@engage/screens'
import { withClient } from '../support/decorators'
import { withSiteContacts } from '../support/siteContacts'

// Navigations are recorded by a spy so that the play functions can assert where each link leads.
const navigate = fn()

const meta = {
  component: Landing,
  title: 'Screens/Landing',
  decorators: [
    withSiteContacts(),
    withClient,
    (Story) => (
      <RouterProvider navigate={navigate}>
        <Story />
      </RouterProvider>
    ),
  ],
  beforeEach: () => {
    navigate.mockClear()
  },
  parameters: { msw: { handlers: scenarios.default } },
} satisfies Meta<typeof Landing>
export default meta
type Story = StoryObj<typeof meta>

export const Default: Story = {
  args: { microblogHref: 'https://x.com/engagepanel' },
  play: async ({ canvas, step }) => {
    await step('the header scrolls to Features, Pricing and Testimonials', async () => {
      const sections = within(canvas.getByRole('navigation', { name: 'Sections' }))
      const links = sections.getAllByRole('link')
      await expect(links.map((link) => link.textContent)).toEqual(['Features', 'Pricing', 'Testimonials'])
      await userEvent.click(sections.getByRole('link', { name: 'Pricing' }))
      await waitFor(() => expect(canvas.getByRole('region', { name: 'Pricing' })).toHaveFocus())
    })
    await step('a visitor sees Log in and Get started, both to /auth', async () => {
      const header = within(canvas.getByRole('banner'))
      await userEvent.click(header.getByRole('link', { name: 'Log in' }))
      await expect(navigate).toHaveBeenLastCalledWith('/auth', undefined)
      await userEvent.click(header.getByRole('link', { name: 'Get started' }))
      await expect(navigate).toHaveBeenLastCalledWith('/auth', undefined)
      await expect(header.queryByRole('button', { name: fixtureProfile.username })).toBeNull()
    })
    await step('the hero has Order now (to /auth) and Learn more (to /about)', async () => {
      await expect(canvas.getByRole('heading', { level: 1 })).toBeVisible()
      await userEvent.click(canvas.getByRole('link', { name: 'Order now' }))
      await expect(navigate).toHaveBeenLastCalledWith('/auth', undefined)
      await userEvent.click(canvas.getByRole('link', { name: 'Learn more' }))
      await expect(navigate).toHaveBeenLastCalledWith('/about', undefined)
    })
    await step('the feature grid has the four features', async () => {
      const features = within(canvas.getByRole('region', { name: 'Features' }))
      const titles = features.getAllByRole('heading', { level: 3 }).map((heading) => heading.textContent)
      await expect(titles).toEqual([
        'AI-Powered Engagement',
        'Real-time Analytics',
        'Advanced Security',
        'Mass Orders and Subscriptions',
      ])
    })
    await step('the pricing grid shows every service, with the volume discount note', async () => {
      const pricing = within(canvas.getByRole('region', { name: 'Pricing' }))
      const cards = await pricing.findAllByRole('link', { name: 'Get Started' })
      await expect(cards).toHaveLength(Object.keys(fixtureServices).length)
      await expect(
        pricing.getByText(/Volume discounts are available for orders over 10,000 units\./),
      ).toBeVisible()
      await userEvent.click(pricing.getByRole('link', { name: 'Create a custom order' }))
      await expect(navigate).toHaveBeenLastCalledWith('/auth', undefined)
    })
    await step('the testimonials are marked as examples', async () => {
      const testimonials = within(canvas.getByRole('region', { name: 'Testimonials' }))
      await expect(testimonials.getByText(/These quotes are illustrative/)).toBeVisible()
      await expect(testimonials.getAllByRole('figure')).toHaveLength(3)
    })
    await step(
      'the closing call to action: 2,500+ marketers and creators, Get started now to /auth',
      async () => {
        await expect(canvas.getByText(/2,500\+ marketers and creators/)).toBeVisible()
        await userEvent.click(canvas.getByRole('link', { name: 'Get started now' }))
        await expect(navigate).toHaveBeenLastCalledWith('/auth', undefined)
      },
    )
    await step('the footer: Company, Legal and contact links', async () => {
      const footer = within(canvas.getByRole('contentinfo'))
      const company = within(footer.getByRole('navigation', { name: 'Company' }))
      await expect(company.getByRole('link', { name: 'About' })).toHaveAttribute('href', '/about')
      const legal = within(footer.getByRole('navigation', { name: 'Legal' }))
      await expect(legal.getAllByRole('link').map((link) => link.getAttribute('href'))).toEqual([
        '/privacy',
        '/terms',
        '/security',
      ])
      const contact = within(footer.getByRole('navigation', { name: 'Contact' }))
      await expect(contact.getByRole('link', { name: 'Support bot' })).toBeVisible()
      await expect(contact.getByRole('link', { name: 'Email support' })).toHaveAttribute(
        'href',
        expect.stringMatching(/^mailto:/),
      )
      await expect(contact.getByRole('link', { name: 'Follow us on X' })).toHaveAttribute(
        'href',
        'https://x.com/engagepanel',
      )
    })
  },
}

export const SignedIn: Story = {
  args: { username: fixtureProfile.username },
  play: async ({ canvas, step }) => {
    await step('the header shows the username menu instead of Log in and Get started', async () => {
      const header = within(canvas.getByRole('banner'))
      await expect(header.queryByRole('link', { name: 'Log in' })).toBeNull()
      await expect(header.queryByRole('link', { name: 'Get started' })).toBeNull()
      await userEvent.click(header.getByRole('button', { name: fixtureProfile.username }))
      const menu = await screen.findByRole('menu')
      const items = within(menu).getAllByRole('menuitem')
      await expect(items.map((item) => item.textContent)).toEqual(['Dashboard', 'Settings', 'Logout'])
    })
    await step('Logout leads to /logout', async () => {
      await userEvent.click(screen.getByRole('menuitem', { name: 'Logout' }))
      await expect(navigate).toHaveBeenLastCalledWith('/logout', undefined)
    })
    await step('the custom order link leads a signed-in user to the dashboard', async () => {
      await userEvent.click(canvas.getByRole('link', { name: 'Create a custom order' }))
      await expect(navigate).toHaveBeenLastCalledWith('/dashboard', undefined)
    })
    await step('without a microblog address the footer has no microblog link', async () => {
      await expect(canvas.queryByRole('link', { name: 'Follow us on X' })).toBeNull()
    })
  },
}

export const Loading: Story = {
  parameters: { msw: { handlers: scenarios.loading } },
  play: async ({ canvas }) => {
    const pricing = within(canvas.getByRole('region', { name: 'Pricing' }))
    await expect(pricing.getByRole('progressbar', { name: 'Loading services' })).toBeVisible()
  },
}

export const Empty: Story = {
  parameters: { msw: { handlers: scenarios.empty } },
  play: async ({ canvas }) => {
    const pricing = within(canvas.getByRole('region', { name: 'Pricing' }))
    await expect(await pricing.findByText('No services available at the moment.')).toBeVisible()
    // The rest of the page does not depend on the service list.
    await expect(canvas.getByRole('link', { name: 'Get started now' })).toBeVisible()
  },
}

export const ServerError: Story = {
  parameters: { msw: { handlers: scenarios.serverError } },
  play: async ({ canvas }) => {
    const pricing = within(canvas.getByRole('region', { name: 'Pricing' }))
    await expect(await pricing.findByText('No services available at the moment.')).toBeVisible()
    await expect(canvas.queryByRole('alert')).toBeNull()
  },
}
