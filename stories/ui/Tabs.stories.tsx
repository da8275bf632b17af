import type { Meta, StoryObj } from '@storybook/react-vite'
import { Tab, TabList, TabPanel, Tabs, Text } from '@engage/ui'
import { expect, fn, userEvent } from 'storybook/test'

const meta = {
  title: 'UI/Tabs',
  component: Tabs,
  parameters: { layout: 'padded' },
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
    await userEvent.tab()
    await expect(canvas.getByRole('tab', { name: 'Single' })).toHaveFocus()
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
    await expect(canvas.getByRole('tab', { name: 'Subscriptions' })).toHaveAttribute('aria-selected', 'true')
  },
}

export const DisabledTab: Story = {
  args: { disabledKeys: ['mass'] },
  play: async ({ canvas }) => {
    await userEvent.tab()
    await userEvent.keyboard('{ArrowRight}')
    await expect(canvas.getByRole('tab', { name: 'Subscriptions' })).toHaveFocus()
  },
}
