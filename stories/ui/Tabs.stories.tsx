import type { Meta, StoryObj } from '@storybook/react-vite'
import { Tab, TabList, TabPanel, Tabs, Text } from '@engage/ui'
import { expect, fn, userEvent, waitFor } from 'storybook/test'

const meta = {
  title: 'UI/Tabs',
  component: Tabs,
  tags: ['autodocs'],
  parameters: {
    usage: {
      do: [
        'Switch between views of the same subject on one page (settings sections).',
        'Keep tab labels short; the arrow keys move between tabs.',
      ],
      dont: [
        'Don’t use tabs for steps of a flow that must be done in order.',
        'Don’t use them as the site’s main navigation.',
      ],
    },
    layout: 'padded',
  },
  args: { onSelectionChange: fn() },
  render: (args) => (
    <Tabs {...args}>
      <TabList aria-label="Order type">
        <Tab id="single">Single</Tab>
        <Tab id="mass">Mass</Tab>
        <Tab id="subscriptions">Subscriptions</Tab>
      </TabList>
      <TabPanel id="single">
        <Text>One order for one link.</Text>
      </TabPanel>
      <TabPanel id="mass">
        <Text>Many orders at once.</Text>
      </TabPanel>
      <TabPanel id="subscriptions">
        <Text>Orders that renew every period.</Text>
      </TabPanel>
    </Tabs>
  ),
} satisfies Meta<typeof Tabs>
export default meta
type Story = StoryObj<typeof meta>

export const Default: Story = {
  play: async ({ canvas, args }) => {
    // The tabs render once React Aria has built their collection: tab to them once they are there.
    const single = await canvas.findByRole('tab', { name: 'Single' })
    await userEvent.tab()
    await waitFor(() => expect(single).toHaveFocus())
    await userEvent.keyboard('{ArrowRight}')
    const mass = canvas.getByRole('tab', { name: 'Mass' })
    await expect(mass).toHaveAttribute('aria-selected', 'true')
    await expect(canvas.getByRole('tabpanel')).toHaveTextContent('Many orders at once.')
    await expect(args.onSelectionChange).toHaveBeenLastCalledWith('mass')
    await userEvent.click(canvas.getByRole('tab', { name: 'Subscriptions' }))
    await expect(canvas.getByRole('tabpanel')).toHaveTextContent('Orders that renew every period.')
  },
}

export const Preselected: Story = {
  args: { defaultSelectedKey: 'subscriptions' },
  play: async ({ canvas }) => {
    await expect(await canvas.findByRole('tab', { name: 'Subscriptions' })).toHaveAttribute(
      'aria-selected',
      'true',
    )
  },
}

export const DisabledTab: Story = {
  args: { disabledKeys: ['mass'] },
  play: async ({ canvas }) => {
    const first = await canvas.findByRole('tab', { name: 'Single' })
    await userEvent.tab()
    await waitFor(() => expect(first).toHaveFocus())
    await userEvent.keyboard('{ArrowRight}')
    await waitFor(() => expect(canvas.getByRole('tab', { name: 'Subscriptions' })).toHaveFocus())
  },
}
