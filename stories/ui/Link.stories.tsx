import type { Meta, StoryObj } from '@storybook/react-vite'
import { Link, linkVariants, Text } from '@engage/ui'
import { RouterProvider } from 'react-aria-components'
import { expect, fn, userEvent } from 'storybook/test'

const meta = {
  title: 'UI/Link',
  component: Link,
  tags: ['autodocs'],
  parameters: {
    usage: {
      do: [
        'Use it to go somewhere: another page, a section, an external site.',
        'Make the link text say where it goes without its surroundings.',
      ],
      dont: ['Don’t use it to run an action (save, delete): use a Button.', 'Don’t write “click here”.'],
    },
    layout: 'padded',
  },
  argTypes: { variant: { control: 'inline-radio', options: linkVariants } },
  args: { href: '/terms', children: 'Terms of Service' },
} satisfies Meta<typeof Link>
export default meta
type Story = StoryObj<typeof meta>

export const Inline: Story = {
  render: (args) => (
    <Text elementType="p">
      By signing up you accept the <Link {...args} />.
    </Text>
  ),
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('link', { name: 'Terms of Service' })).toHaveAttribute('href', '/terms')
  },
}

export const Standalone: Story = { args: { variant: 'standalone', children: 'Orders History' } }

export const AsButton: Story = { args: { variant: 'button', href: '/orders', children: 'Get Started' } }

export const WithRouter: Story = {
  args: { href: '/orders', children: 'Orders' },
  parameters: { navigate: fn() },
  render: function RoutedLink(args, { parameters }) {
    // The panel gives RAC a RouterProvider wired to react-router; here the navigation is recorded instead.
    return (
      <RouterProvider navigate={parameters.navigate as (path: string) => void}>
        <Link {...args} />
      </RouterProvider>
    )
  },
  play: async ({ canvas, parameters }) => {
    await userEvent.tab()
    const link = canvas.getByRole('link', { name: 'Orders' })
    await expect(link).toHaveFocus()
    await userEvent.keyboard('{Enter}')
    const navigate = parameters.navigate as ReturnType<typeof fn>
    await expect(navigate).toHaveBeenCalledTimes(1)
    await expect(navigate.mock.calls[0]?.[0]).toBe('/orders')
    await userEvent.click(link)
    await expect(navigate).toHaveBeenCalledTimes(2)
  },
}

export const ActionLink: Story = {
  args: { href: undefined, children: "Don't have an account? Sign up", onPress: fn() },
  play: async ({ canvas, args }) => {
    await userEvent.click(canvas.getByRole('link', { name: "Don't have an account? Sign up" }))
    await expect(args.onPress).toHaveBeenCalledTimes(1)
  },
}
