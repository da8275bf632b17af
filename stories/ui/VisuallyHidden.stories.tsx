import type { Meta, StoryObj } from '@storybook/react-vite'
import { Button, Icon, VisuallyHidden } from '@engage/ui'
import { expect } from 'storybook/test'

const meta = {
  title: 'UI/VisuallyHidden',
  component: VisuallyHidden,
  parameters: { layout: 'padded' },
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
