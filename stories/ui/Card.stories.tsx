import type { Meta, StoryObj } from '@storybook/react-vite'
import { Card, cardElevations, Heading, Stack, Text } from '@engage/ui'
import { expect } from 'storybook/test'

// A section named by its heading. Each story shows a plan of its own, so the docs page, which shows them all,
// holds no two regions (or ids) with the same name.
function plan(id: string, name: string, description: string) {
  return {
    as: 'section' as const,
    'aria-labelledby': `card-title-${id}`,
    children: (
      <Stack gap="small">
        <Heading level={2} id={`card-title-${id}`}>
          {name}
        </Heading>
        <Text tone="muted">{description}</Text>
      </Stack>
    ),
  }
}

const meta = {
  title: 'UI/Card',
  component: Card,
  tags: ['autodocs'],
  parameters: {
    usage: {
      do: [
        'Group the content of one object or task (an order’s details, a plan) on a surface.',
        'Give it a heading so the group has a name.',
      ],
      dont: [
        'Don’t nest cards inside cards.',
        'Don’t make a whole card clickable; put a Link or Button inside it.',
      ],
    },
    layout: 'padded',
  },
  argTypes: { elevation: { control: 'inline-radio', options: cardElevations } },
  args: plan('premium', 'Premium plan', 'Real-time analytics dashboard and API access.'),
} satisfies Meta<typeof Card>
export default meta
type Story = StoryObj<typeof meta>

export const Flat: Story = {
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('region', { name: 'Premium plan' })).toBeVisible()
  },
}

export const Raised: Story = {
  args: { elevation: 'raised', ...plan('business', 'Business plan', 'Everything in Premium, for a team.') },
}

export const CompactPadding: Story = {
  args: { padding: 'small', ...plan('starter', 'Starter plan', 'Orders and a wallet.') },
}
