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
  tags: ['autodocs'],
  parameters: {
    usage: {
      do: [
        'Lay out a row or column of items with a token gap, wrapping when needed.',
        'Switch direction at a breakpoint for narrow screens.',
      ],
      dont: [
        'Don’t add margins to the children for spacing: use the gap.',
        'Don’t nest stacks where one with `wrap` does.',
      ],
    },
    layout: 'padded',
  },
  // Storybook's object control renders list items outside a list (an axe error on the docs page).
  argTypes: {
    children: { control: false },
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
