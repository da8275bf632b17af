import type { Meta, StoryObj } from '@storybook/react-vite'
import { readTheme, ThemeToggle, themeClassNames, useRootTheme, type Theme } from '@engage/ui'
import { expect, fn, userEvent } from 'storybook/test'

function RootThemeToggle({
  initialTheme,
  isLabelVisible,
}: {
  initialTheme: Theme
  isLabelVisible?: boolean
}) {
  const [theme, setTheme] = useRootTheme(initialTheme)
  return <ThemeToggle theme={theme} onThemeChange={setTheme} isLabelVisible={isLabelVisible ?? false} />
}

const meta = {
  title: 'UI/ThemeToggle',
  component: ThemeToggle,
  tags: ['autodocs'],
  parameters: {
    usage: {
      do: [
        'Place it once, in the header, so the user can switch between the dark and light themes.',
        'Keep it controlled by the app, which saves the choice and restores it on the next visit.',
      ],
      dont: [
        'Don’t add a second theme control elsewhere.',
        'Don’t apply a theme by hand; the toggle and applyTheme keep the page root consistent.',
      ],
    },
    layout: 'padded',
    // Its stories switch the theme of the page root: on the docs page each keeps to a frame of its own.
    docs: { story: { inline: false, height: '120px' } },
  },
  args: { theme: 'dark', onThemeChange: fn() },
} satisfies Meta<typeof ThemeToggle>
export default meta
type Story = StoryObj<typeof meta>

export const Dark: Story = {
  play: async ({ canvas, args }) => {
    const toggle = canvas.getByRole('button', { name: 'Dark mode' })
    await expect(toggle).toHaveAttribute('aria-pressed', 'true')
    await userEvent.click(toggle)
    await expect(args.onThemeChange).toHaveBeenCalledWith('light')
  },
}

export const Light: Story = {
  args: { theme: 'light' },
  play: async ({ canvas, args }) => {
    const toggle = canvas.getByRole('button', { name: 'Dark mode' })
    await expect(toggle).toHaveAttribute('aria-pressed', 'false')
    await userEvent.tab()
    await userEvent.keyboard(' ')
    await expect(args.onThemeChange).toHaveBeenCalledWith('dark')
  },
}

export const VisibleLabel: Story = { args: { isLabelVisible: true } }

export const FlipsTheRootTheme: Story = {
  render: () => <RootThemeToggle initialTheme="dark" />,
  play: async ({ canvas, canvasElement }) => {
    const root = canvasElement.ownerDocument.documentElement
    const toggle = canvas.getByRole('button', { name: 'Dark mode' })
    await expect(root).toHaveClass(themeClassNames.dark, 'dark')
    await userEvent.click(toggle)
    await expect(root).toHaveClass(themeClassNames.light)
    await expect(root).not.toHaveClass('dark')
    await expect(readTheme(root)).toBe('light')
    await expect(getComputedStyle(canvasElement.ownerDocument.body).backgroundColor).toBe(
      'rgb(248, 250, 252)',
    )
    await userEvent.keyboard('{Enter}')
    await expect(root).toHaveClass(themeClassNames.dark, 'dark')
    await expect(toggle).toHaveAttribute('aria-pressed', 'true')
  },
}
