import type { Meta, StoryObj } from '@storybook/react-vite'
import { RouterProvider } from 'react-aria-components'
import { expect, fn, userEvent, within } from 'storybook/test'
import { About } from '@engage/screens'
import { withSiteContacts } from '../support/siteContacts'

// Navigations are recorded by a spy so that the play functions can assert where a link leads.
const navigate = fn()

const meta = {
  component: About,
  title: 'Screens/About',
  decorators: [
    withSiteContacts(),
    (Story) => (
      <RouterProvider navigate={navigate}>
        <Story />
      </RouterProvider>
    ),
  ],
  beforeEach: () => {
    navigate.mockClear()
  },
} satisfies Meta<typeof About>
export default meta
type Story = StoryObj<typeof meta>

export const Default: Story = {
  play: async ({ canvas, step }) => {
    await step('the page has its title and the five sections of the spec', async () => {
      await expect(canvas.getByRole('heading', { level: 1, name: 'About Engage Panel' })).toBeVisible()
      const sectionTitles = canvas.getAllByRole('heading', { level: 2 }).map((heading) => heading.textContent)
      await expect(sectionTitles.slice(0, 5)).toEqual([
        'Our mission',
        'What we offer',
        'Why us',
        'Our team',
        'Join us',
      ])
      await expect(canvas.getByRole('region', { name: 'Join us' })).toHaveTextContent(
        '2,500+ marketers and creators',
      )
    })
    await step('the page sits in the public layout: banner, main and content info landmarks', async () => {
      await expect(canvas.getByRole('banner')).toBeVisible()
      await expect(canvas.getByRole('main')).toBeVisible()
      await expect(canvas.getByRole('contentinfo')).toBeVisible()
    })
    await step('join us leads to the auth screen', async () => {
      await userEvent.click(canvas.getByRole('link', { name: 'Create your account' }))
      await expect(navigate).toHaveBeenCalledWith('/auth', undefined)
    })
    await step('the header links back to the landing sections, without Testimonials', async () => {
      const sections = within(canvas.getByRole('navigation', { name: 'Sections' }))
      await expect(sections.getByRole('link', { name: 'Features' })).toHaveAttribute('href', '/#features')
      await expect(sections.getByRole('link', { name: 'Pricing' })).toHaveAttribute('href', '/#pricing')
      await expect(sections.queryByRole('link', { name: 'Testimonials' })).toBeNull()
    })
  },
}

export const SignedIn: Story = {
  args: { username: 'alice' },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('button', { name: 'alice' })).toBeVisible()
    await expect(canvas.queryByRole('link', { name: 'Log in' })).toBeNull()
  },
}
