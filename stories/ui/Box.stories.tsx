import type { Meta, StoryObj } from '@storybook/react-vite'
import { Box, breakpoints, Text } from '@engage/ui'
import { expect } from 'storybook/test'

const meta = {
  title: 'UI/Box',
  component: Box,
  tags: ['autodocs'],
  parameters: {
    usage: {
      do: [
        'Use it for one-off layout: padding, background, a responsive display or grid, with token values.',
        'Pass `as` to keep the right element (section, nav, ul) for its meaning.',
      ],
      dont: [
        'Don’t style a Box with raw colours or pixel sizes; only the token-valued props.',
        'Don’t use it for a row or column of items with a gap: Stack says that more clearly.',
      ],
    },
    layout: 'padded',
  },
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
