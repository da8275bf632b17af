import type { Meta, StoryObj } from '@storybook/react-vite'
import { expect, userEvent } from 'storybook/test'

function Probe() {
  return (
    <button type="button" onClick={(e) => (e.currentTarget.textContent = 'Pressed')}>
      Press
    </button>
  )
}
const meta = { component: Probe, title: 'UI/Harness' } satisfies Meta<typeof Probe>
export default meta
type Story = StoryObj<typeof meta>
export const Default: Story = {
  play: async ({ canvas }) => {
    await userEvent.click(canvas.getByRole('button', { name: 'Press' }))
    await expect(canvas.getByRole('button')).toHaveTextContent('Pressed')
  },
}
