import type { Meta, StoryObj } from '@storybook/react-vite'
import { expect } from 'storybook/test'
import { Security } from '@engage/screens'
import { withRouter } from '../support/decorators'
import { withSiteContacts } from '../support/siteContacts'

const meta = {
  component: Security,
  title: 'Screens/Security',
  decorators: [withRouter, withSiteContacts()],
} satisfies Meta<typeof Security>
export default meta
type Story = StoryObj<typeof meta>

export const Default: Story = {
  play: async ({ canvas, step }) => {
    await step('the page has a title and one section per topic', async () => {
      await expect(canvas.getByRole('heading', { level: 1, name: 'Security' })).toBeVisible()
      for (const topic of [
        'Account protection',
        'Sessions',
        'Keys and data at rest',
        'Payments',
        'Access control',
        'Reporting a security issue',
      ]) {
        await expect(canvas.getByRole('region', { name: topic })).toBeVisible()
      }
    })
    await step('AI provider keys are encrypted at rest', async () => {
      await expect(canvas.getByRole('region', { name: 'Keys and data at rest' })).toHaveTextContent(
        'encrypted at rest',
      )
    })
  },
}
