import type { Meta, StoryObj } from '@storybook/react-vite'
import { expect } from 'storybook/test'
import { PrivacyPolicy } from '@engage/screens'
import { withRouter } from '../support/decorators'
import { withSiteContacts } from '../support/siteContacts'

const meta = {
  component: PrivacyPolicy,
  title: 'Screens/PrivacyPolicy',
  decorators: [withRouter, withSiteContacts()],
} satisfies Meta<typeof PrivacyPolicy>
export default meta
type Story = StoryObj<typeof meta>

export const Default: Story = {
  play: async ({ canvas, step }) => {
    await step('ten numbered sections, in order', async () => {
      await expect(canvas.getByRole('heading', { level: 1, name: 'Privacy Policy' })).toBeVisible()
      const main = canvas.getByRole('main')
      const numbers = Array.from(main.querySelectorAll('h2')).map(
        (heading) => heading.textContent?.split('.')[0],
      )
      await expect(numbers).toEqual(['1', '2', '3', '4', '5', '6', '7', '8', '9', '10'])
    })
    await step("children's privacy: the services are not for children under 13", async () => {
      await expect(canvas.getByRole('region', { name: "8. Children's Privacy" })).toHaveTextContent(
        'Our services are not for children under 13',
      )
    })
    await step('the contact section offers the support mailbox and bot', async () => {
      const contact = canvas.getByRole('region', { name: '10. Contact Us' })
      await expect(contact.querySelector('a[href^="mailto:"]')).not.toBeNull()
    })
  },
}

export const WithMicroblogLink: Story = {
  args: { microblogHref: 'https://x.com/engagepanel' },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('link', { name: 'Follow us on X' })).toHaveAttribute(
      'href',
      'https://x.com/engagepanel',
    )
  },
}
