import type { Meta, StoryObj } from '@storybook/react-vite'
import {
  breakpoints,
  Card,
  Stack,
  stackAlignments,
  stackDirections,
  stackJustifications,
  Text,
} from '@engage/ui'
import { expect } from 'storybook/test'

const meta = {
  title: 'UI/Stack',
  component: Stack,
  parameters: { layout: 'padded' },
  argTypes: {
    direction: { control: 'inline-radio', options: stackDirections },
    align: { control: 'select', options: stackAlignments },
    justify: { control: 'select', options: stackJustifications },
  },
  args: {
    gap: 'large',
    children: ['First', 'Second', 'Third'].map((label) => (
      <Card key={label} flexGrow={1}>
        <Text>{label}</Text>
      </Card>
    )),
  },
} satisfies Meta<typeof Stack>
export default meta
type Story = StoryObj<typeof meta>

export const Column: Story = {
  play: async ({ canvas }) => {
    const stack = canvas.getByText('First').parentElement?.parentElement
    await expect(stack && getComputedStyle(stack).flexDirection).toBe('column')
    await expect(stack && getComputedStyle(stack).rowGap).toBe('16px')
  },
}

export const Row: Story = { args: { direction: 'row', align: 'center' } }

export const ResponsiveRowFromTablet: Story = {
  args: { direction: { mobile: 'column', tablet: 'row' } },
  play: async ({ canvas }) => {
    const stack = canvas.getByText('First').parentElement?.parentElement
    const expected = window.innerWidth >= breakpoints.tablet ? 'row' : 'column'
    await expect(stack && getComputedStyle(stack).flexDirection).toBe(expected)
  },
}

export const Wrapping: Story = { args: { direction: 'row', wrap: true, justify: 'space-between' } }
