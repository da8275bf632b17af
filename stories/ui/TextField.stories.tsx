import type { Meta, StoryObj } from '@storybook/react-vite'
import { TextField } from '@engage/ui'
import { expect, fn, userEvent } from 'storybook/test'

const meta = {
  title: 'UI/TextField',
  component: TextField,
  tags: ['autodocs'],
  parameters: {
    usage: {
      do: [
        'Use it for a single line of free text, with a visible label and an error message under it.',
        'Set `type` and `autoComplete` for emails, passwords and names.',
      ],
      dont: [
        'Don’t use the placeholder as the label.',
        'Don’t use it for numbers with limits: use a NumberField.',
      ],
    },
    layout: 'padded',
  },
  args: { label: 'Target URL', placeholder: 'https://', onChange: fn() },
} satisfies Meta<typeof TextField>
export default meta
type Story = StoryObj<typeof meta>

export const Default: Story = {
  play: async ({ canvas, args }) => {
    await userEvent.tab()
    const input = canvas.getByRole('textbox', { name: 'Target URL' })
    await expect(input).toHaveFocus()
    await userEvent.keyboard('https://x.com/engage')
    await expect(input).toHaveValue('https://x.com/engage')
    await expect(args.onChange).toHaveBeenLastCalledWith('https://x.com/engage')
  },
}

export const WithDescription: Story = {
  args: { description: 'The post or profile to boost.' },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('textbox', { name: 'Target URL' })).toHaveAccessibleDescription(
      'The post or profile to boost.',
    )
  },
}

export const Invalid: Story = {
  args: { isInvalid: true, errorMessage: 'Valid URL required', defaultValue: 'x.com' },
  play: async ({ canvas }) => {
    const input = canvas.getByRole('textbox', { name: 'Target URL' })
    await expect(input).toHaveAttribute('aria-invalid', 'true')
    await expect(input).toHaveAccessibleDescription('Valid URL required')
  },
}

export const Required: Story = {
  args: { isRequired: true },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('textbox', { name: 'Target URL' })).toBeRequired()
  },
}

export const Disabled: Story = {
  args: { isDisabled: true, defaultValue: 'https://x.com/engage' },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('textbox', { name: 'Target URL' })).toBeDisabled()
  },
}

export const Multiline: Story = {
  args: { label: 'Prompt', placeholder: 'Write a friendly reply', isMultiline: true, rows: 5 },
  play: async ({ canvas }) => {
    const textArea = canvas.getByRole('textbox', { name: 'Prompt' })
    await expect(textArea.tagName).toBe('TEXTAREA')
    await userEvent.type(textArea, 'First line{Enter}Second line')
    await expect(textArea).toHaveValue('First line\nSecond line')
  },
}
