import type { Meta, StoryObj } from '@storybook/react-vite'
import { Button, Icon, VisuallyHidden } from '@engage/ui'
import { expect } from 'storybook/test'

const meta = {
  title: 'UI/VisuallyHidden',
  component: VisuallyHidden,
  tags: ['autodocs'],
  parameters: {
    usage: {
      do: [
        'Give screen-reader users text that the visual layout already conveys (a table’s caption, a column of icons).',
        'Keep what it says in line with what is shown.',
      ],
      dont: [
        'Don’t hide interactive controls with it.',
        'Don’t use it to stuff labels that sighted users also need: show them.',
      ],
    },
    layout: 'padded',
  },
  args: { children: 'Add funds to your wallet' },
  render: (args) => (
    <Button tone="ghost" isIconOnly>
      <Icon name="wallet" />
      <VisuallyHidden {...args} />
    </Button>
  ),
} satisfies Meta<typeof VisuallyHidden>
export default meta
type Story = StoryObj<typeof meta>

export const NamesAnIconButton: Story = {
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('button', { name: 'Add funds to your wallet' })).toBeVisible()
    const hidden = canvas.getByText('Add funds to your wallet')
    await expect(hidden.getBoundingClientRect().width).toBeLessThanOrEqual(1)
  },
}
