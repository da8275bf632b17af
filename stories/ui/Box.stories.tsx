import type { Meta, StoryObj } from '@storybook/react-vite'
import { Box, breakpoints, Card, Stack, stackDirections, Text } from '@engage/ui'
import { expect } from 'storybook/test'

const meta = {
  title: 'UI/Box',
  component: Box,
  parameters: { layout: 'padded' },
  args: {
    padding: 'large',
    background: 'surface',
    borderRadius: 'medium',
    children: <Text>A box with token padding, surface background and medium radius.</Text>,
  },
} satisfies Meta<typeof Box>
export default meta
type Story = StoryObj<typeof meta>

export const Default: Story = {
  play: async ({ canvas }) => {
    const box = canvas.getByText(/A box with token padding/).parentElement
    await expect(box && getComputedStyle(box).paddingTop).toBe('16px')
  },
}

export const ResponsiveStack: StoryObj<typeof Stack> = {
  argTypes: { direction: { control: 'inline-radio', options: stackDirections } },
  render: () => (
    <Stack direction={{ mobile: 'column', tablet: 'row' }} gap="large" data-testid="stack">
      <Card flexGrow={1}>
        <Text>First</Text>
      </Card>
      <Card flexGrow={1}>
        <Text>Second</Text>
      </Card>
      <Card flexGrow={1}>
        <Text>Third</Text>
      </Card>
    </Stack>
  ),
  play: async ({ canvas }) => {
    const stack = canvas.getByText('First').closest('[data-testid="stack"]')
    const expected = window.innerWidth >= breakpoints.tablet ? 'row' : 'column'
    await expect(stack && getComputedStyle(stack).flexDirection).toBe(expected)
  },
}

export const HiddenOnMobile: Story = {
  args: {
    display: { mobile: 'none', tablet: 'block' },
    children: <Text>Only from 768 px</Text>,
  },
  play: async ({ canvas }) => {
    const text = canvas.getByText('Only from 768 px')
    if (window.innerWidth >= breakpoints.tablet) await expect(text).toBeVisible()
    else await expect(text).not.toBeVisible()
  },
}
