import type { Meta, StoryObj } from '@storybook/react-vite'
import { Stack, Text, textSizes, textTones, textWeights } from '@engage/ui'
import { expect } from 'storybook/test'

const meta = {
  title: 'UI/Text',
  component: Text,
  tags: ['autodocs'],
  parameters: {
    usage: {
      do: [
        'Set body text with its size, weight and tone props (muted for secondary text).',
        'Use `elementType` to keep the right element (p, span, label).',
      ],
      dont: [
        'Don’t use a raw colour or font size; pick a size and tone.',
        'Don’t use muted text for anything the user must read to act.',
      ],
    },
    layout: 'padded',
  },
  argTypes: {
    size: { control: 'inline-radio', options: textSizes },
    tone: { control: 'inline-radio', options: textTones },
    weight: { control: 'inline-radio', options: textWeights },
  },
  args: { elementType: 'p', children: 'Refunds are only for undelivered orders.' },
} satisfies Meta<typeof Text>
export default meta
type Story = StoryObj<typeof meta>

export const Paragraph: Story = {
  play: async ({ canvas }) => {
    await expect(canvas.getByText('Refunds are only for undelivered orders.').tagName).toBe('P')
  },
}

export const Tones: Story = {
  render: () => (
    <Stack gap="small">
      {textTones.map((tone) => (
        <Text key={tone} tone={tone}>
          {tone} text
        </Text>
      ))}
    </Stack>
  ),
}

export const Sizes: Story = {
  render: () => (
    <Stack gap="small">
      {textSizes.map((size) => (
        <Text key={size} size={size} weight="medium">
          {size} text
        </Text>
      ))}
    </Stack>
  ),
}
