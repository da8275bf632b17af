import type { Meta, StoryObj } from '@storybook/react-vite'
import { Heading, headingLevels, headingSizes, Stack } from '@engage/ui'
import { expect } from 'storybook/test'

const meta = {
  title: 'UI/Heading',
  component: Heading,
  tags: ['autodocs'],
  parameters: {
    usage: {
      do: [
        'Use the level that fits the page outline (one h1 per page, no skipped levels).',
        'Change `size` for the look, never the level.',
      ],
      dont: [
        'Don’t pick a heading level for its size.',
        'Don’t use bold Text where a section needs a heading.',
      ],
    },
    layout: 'padded',
    // A page of headings would break the docs page's own outline: its stories show in frames of their own.
    docs: { story: { inline: false, height: '360px' } },
  },
  argTypes: {
    level: { control: 'inline-radio', options: headingLevels },
    size: { control: 'inline-radio', options: headingSizes },
  },
  args: { level: 1, children: 'Engage Panel' },
} satisfies Meta<typeof Heading>
export default meta
type Story = StoryObj<typeof meta>

export const PageTitle: Story = {
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('heading', { level: 1, name: 'Engage Panel' })).toBeVisible()
  },
}

export const Levels: Story = {
  render: () => (
    <Stack gap="small">
      <Heading level={1}>Level 1</Heading>
      <Heading level={2}>Level 2</Heading>
      <Heading level={3}>Level 3</Heading>
      <Heading level={4}>Level 4</Heading>
    </Stack>
  ),
  play: async ({ canvas }) => {
    for (const level of [1, 2, 3, 4]) {
      await expect(canvas.getByRole('heading', { level, name: `Level ${level}` })).toBeVisible()
    }
  },
}

export const SizeIndependentOfLevel: Story = {
  args: { level: 2, size: 'small', children: 'Section title, small' },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('heading', { level: 2 })).toBeVisible()
  },
}
