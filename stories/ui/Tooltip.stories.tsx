import type { Meta, StoryObj } from '@storybook/react-vite'
import { Button, Icon, Tooltip } from '@engage/ui'
import { expect, userEvent, waitFor, within } from 'storybook/test'

const meta = {
  title: 'UI/Tooltip',
  component: Tooltip,
  tags: ['autodocs'],
  parameters: {
    usage: {
      do: [
        'Name an icon-only control, or add a short hint, on hover and keyboard focus.',
        'Keep it to a few words.',
      ],
      dont: [
        'Don’t put interactive content or essential information in a tooltip: use a Popover or visible text.',
        'Don’t attach it to something that cannot take focus.',
      ],
    },
    layout: 'centered',
  },
  args: {
    content: 'Add funds',
    delay: 100,
    children: (
      <Button tone="ghost" isIconOnly aria-label="Add funds">
        <Icon name="plus" />
      </Button>
    ),
  },
} satisfies Meta<typeof Tooltip>
export default meta
type Story = StoryObj<typeof meta>

export const OnHover: Story = {
  play: async ({ canvas, canvasElement }) => {
    const page = within(canvasElement.ownerDocument.body)
    // A mouse user: RAC shows hover tooltips only once the pointer has been used on the page.
    await userEvent.click(canvasElement)
    await userEvent.hover(canvas.getByRole('button', { name: 'Add funds' }))
    await expect(await page.findByRole('tooltip')).toHaveTextContent('Add funds')
    await userEvent.unhover(canvas.getByRole('button', { name: 'Add funds' }))
    await waitFor(() => expect(page.queryByRole('tooltip')).not.toBeInTheDocument())
  },
}

export const OnKeyboardFocus: Story = {
  play: async ({ canvas, canvasElement }) => {
    const page = within(canvasElement.ownerDocument.body)
    await userEvent.tab()
    await expect(canvas.getByRole('button', { name: 'Add funds' })).toHaveFocus()
    const tooltip = await page.findByRole('tooltip')
    await expect(canvas.getByRole('button', { name: 'Add funds' })).toHaveAttribute(
      'aria-describedby',
      tooltip.id,
    )
    await userEvent.keyboard('{Escape}')
    await waitFor(() => expect(page.queryByRole('tooltip')).not.toBeInTheDocument())
  },
}

export const Bottom: Story = { args: { placement: 'bottom' } }
