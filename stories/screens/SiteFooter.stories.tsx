import type { Meta, StoryObj } from '@storybook/react-vite'
import { expect, fn, userEvent, within } from 'storybook/test'
import { SiteFooter } from '@engage/screens'
import { withNavigationSpy } from '../support/navigation'
import { withSiteContacts } from '../support/siteContacts'

const navigate = fn()

const meta = {
  component: SiteFooter,
  title: 'Screens/SiteFooter',
  decorators: [withNavigationSpy(navigate), withSiteContacts()],
  beforeEach: () => {
    navigate.mockClear()
  },
  // Static links: no request at all (none is handled).
  parameters: { msw: { handlers: [] } },
} satisfies Meta<typeof SiteFooter>
export default meta
type Story = StoryObj<typeof meta>

type Canvas = ReturnType<typeof within>

function group(canvas: Canvas, name: string) {
  return within(canvas.getByRole('navigation', { name }))
}

export const Default: Story = {
  play: async ({ canvas, step }) => {
    await step('three named link groups in a footer landmark', async () => {
      const footer = within(canvas.getByRole('contentinfo'))
      await expect(
        footer.getAllByRole('heading', { level: 2 }).map((heading) => heading.textContent),
      ).toEqual(['Company', 'Legal', 'Contact'])
      await expect(footer.getAllByRole('navigation')).toHaveLength(3)
    })
    await step('Company: About, through the router', async () => {
      await userEvent.click(group(canvas, 'Company').getByRole('link', { name: 'About' }))
      await expect(navigate).toHaveBeenLastCalledWith('/about', undefined)
    })
    await step('Legal: Privacy, Terms and Security', async () => {
      const legal = group(canvas, 'Legal')
      const links = legal.getAllByRole('link')
      await expect(links.map((link) => link.textContent)).toEqual(['Privacy', 'Terms', 'Security'])
      await expect(links.map((link) => link.getAttribute('href'))).toEqual([
        '/privacy',
        '/terms',
        '/security',
      ])
      await userEvent.click(legal.getByRole('link', { name: 'Terms' }))
      await expect(navigate).toHaveBeenLastCalledWith('/terms', undefined)
    })
    await step(
      'Contact: the support bot and the support mailbox, no microblog without its address',
      async () => {
        const contact = group(canvas, 'Contact')
        await expect(contact.getAllByRole('link').map((link) => link.textContent)).toEqual([
          'Support bot',
          'Email support',
        ])
        // The operator's contact methods, as the Contact Us tab lists them.
        await expect(contact.getByRole('link', { name: 'Support bot' })).toHaveAttribute(
          'href',
          'https://t.me/EngagePanelBot',
        )
        await expect(contact.getByRole('link', { name: 'Email support' })).toHaveAttribute(
          'href',
          'mailto:support@engagepanel.example',
        )
        await expect(contact.queryByRole('link', { name: 'Follow us on X' })).toBeNull()
      },
    )
    await step('the copyright line carries the current year', async () => {
      await expect(
        canvas.getByText(`© ${new Date().getFullYear()} Engage Panel. All rights reserved.`),
      ).toBeVisible()
    })
  },
}

export const WithMicroblog: Story = {
  args: { microblogHref: 'https://x.com/engagepanel' },
  play: async ({ canvas }) => {
    const contact = group(canvas, 'Contact')
    await expect(contact.getAllByRole('link').map((link) => link.textContent)).toEqual([
      'Support bot',
      'Email support',
      'Follow us on X',
    ])
    await expect(contact.getByRole('link', { name: 'Follow us on X' })).toHaveAttribute(
      'href',
      'https://x.com/engagepanel',
    )
  },
}

export const KeyboardOrder: Story = {
  name: 'Keyboard: the links in reading order',
  play: async ({ canvas }) => {
    const expected = ['About', 'Privacy', 'Terms', 'Security', 'Support bot', 'Email support']
    for (const name of expected) {
      await userEvent.tab()
      await expect(canvas.getByRole('link', { name })).toHaveFocus()
    }
  },
}

// An operator who lists no support contact: the footer names none rather than a made-up one.
export const WithoutContactMethods: Story = {
  decorators: [withSiteContacts([])],
  play: async ({ canvas }) => {
    await expect(canvas.queryByRole('navigation', { name: 'Contact' })).toBeNull()
    await expect(canvas.queryByRole('link', { name: /support/i })).toBeNull()
    await expect(canvas.getByRole('contentinfo')).not.toHaveTextContent('example.com')
  },
}
