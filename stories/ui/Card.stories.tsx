import type { Meta, StoryObj } from '@storybook/react-vite'
import { Card, cardElevations, Heading, Stack, Text } from '@engage/ui'
import { expect } from 'storybook/test'

const meta = {
  title: 'UI/Card',
  component: Card,
  parameters: { layout: 'padded' },
  argTypes: { elevation: { control: 'inline-radio', options: cardElevations } },
  args: {
    as: 'section',
    'aria-labelledby': 'card-title',
    children: (
      <Stack gap="small">
        <Heading level={2} id="card-title">
          Premium plan
        </Heading>
        <Text tone="muted">Real-time analytics dashboard and API access.</Text>
      </Stack>
    ),
  },
} satisfies Meta<typeof Card>
export default meta
type Story = StoryObj<typeof meta>

export const Flat: Story = {
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('region', { name: 'Premium plan' })).toBeVisible()
  },
}

export const Raised: Story = { args: { elevation: 'raised' } }

export const CompactPadding: Story = { args: { padding: 'small' } }
