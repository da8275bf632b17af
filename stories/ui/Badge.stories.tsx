import type { Meta, StoryObj } from '@storybook/react-vite'
import { Badge, badgeTones, Stack } from '@engage/ui'
import { expect } from 'storybook/test'

const meta = {
  title: 'UI/Badge',
  component: Badge,
  tags: ['autodocs'],
  parameters: {
    usage: {
      do: [
        'Mark a short, static attribute next to what it describes (“New”, “Beta”, a count).',
        'Pick the tone by meaning: success, warning, critical, info or neutral.',
      ],
      dont: [
        'Don’t make it interactive: a badge is not a button or a link.',
        'Don’t use it for an order’s or payment’s status: StatusBadge maps statuses to tones consistently.',
      ],
    },
    layout: 'padded',
  },
  argTypes: { tone: { control: 'inline-radio', options: badgeTones } },
  args: { children: 'New', tone: 'info' },
} satisfies Meta<typeof Badge>
export default meta
type Story = StoryObj<typeof meta>

export const Default: Story = {
  play: async ({ canvas }) => {
    await expect(canvas.getByText('New')).toBeVisible()
  },
}

export const AllTones: Story = {
  render: () => (
    <Stack direction="row" gap="small" wrap>
      {badgeTones.map((tone) => (
        <Badge key={tone} tone={tone}>
          {tone}
        </Badge>
      ))}
    </Stack>
  ),
  play: async ({ canvas }) => {
    const colors = badgeTones.map((tone) => getComputedStyle(canvas.getByText(tone)).backgroundColor)
    await expect(new Set(colors).size).toBe(badgeTones.length)
  },
}
