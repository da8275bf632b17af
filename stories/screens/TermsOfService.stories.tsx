import type { Meta, StoryObj } from '@storybook/react-vite'
import { expect } from 'storybook/test'
import { TermsOfService } from '@engage/screens'
import { withRouter } from '../support/decorators'
import { withSiteContacts } from '../support/siteContacts'

const meta = {
  component: TermsOfService,
  title: 'Screens/TermsOfService',
  decorators: [withRouter, withSiteContacts()],
} satisfies Meta<typeof TermsOfService>
export default meta
type Story = StoryObj<typeof meta>

export const Default: Story = {
  play: async ({ canvas, step }) => {
    await step('seven sections', async () => {
      await expect(canvas.getByRole('heading', { level: 1, name: 'Terms of Service' })).toBeVisible()
      const main = canvas.getByRole('main')
      await expect(main.querySelectorAll('h2')).toHaveLength(7)
    })
    await step('the terms are stated', async () => {
      const main = canvas.getByRole('main')
      await expect(main).toHaveTextContent('at least 18 years old, or an emancipated minor')
      await expect(main).toHaveTextContent('Orders normally start within 24-48 hours')
      await expect(main).toHaveTextContent('must be public')
      await expect(main).toHaveTextContent('multiple orders for the same link at the same time')
      await expect(main).toHaveTextContent('adult or sexually explicit content')
      await expect(main).toHaveTextContent('gambling or betting')
      await expect(main).toHaveTextContent(
        'Funds added to your balance are non-refundable, except when a service is discontinued by mutual agreement.',
      )
      await expect(main).toHaveTextContent(
        'Refunds are only given for undelivered orders, and must be requested within 3 days of the order date.',
      )
      await expect(main).toHaveTextContent('paid to the original payment method within 10 business days')
      await expect(main).toHaveTextContent('role-based access control and multi-user management')
    })
  },
}
