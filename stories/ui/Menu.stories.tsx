import type { Meta, StoryObj } from '@storybook/react-vite'
import { Button, Icon, Menu, MenuItem, MenuSeparator, MenuTrigger } from '@engage/ui'
import { RouterProvider } from 'react-aria-components'
import { expect, fn, userEvent, waitFor, within } from 'storybook/test'

const meta = {
  title: 'UI/Menu',
  component: Menu,
  tags: ['autodocs'],
  parameters: {
    usage: {
      do: [
        'Offer a short list of actions or destinations behind one trigger (the user menu, a row’s actions).',
        'Give the trigger an accessible name.',
      ],
      dont: [
        'Don’t use it to choose a value for a form: use a Select or RadioGroup.',
        'Don’t hide the page’s main action in a menu.',
      ],
    },
    layout: 'padded',
    navigate: fn(),
  },
  args: { onAction: fn() },
  render: function UserMenu(args, { parameters }) {
    return (
      <RouterProvider navigate={parameters.navigate as (path: string) => void}>
        <MenuTrigger>
          <Button tone="ghost" isIconOnly aria-label="User menu">
            <Icon name="user" />
          </Button>
          <Menu {...args}>
            <MenuItem href="/dashboard">Dashboard</MenuItem>
            <MenuItem href="/">Home</MenuItem>
            <MenuItem href="/settings">Settings</MenuItem>
            <MenuItem href="/wallet">Wallet</MenuItem>
            <MenuSeparator />
            <MenuItem id="logout" textValue="Logout">
              <Icon name="logout" size="small" />
              Logout
            </MenuItem>
          </Menu>
        </MenuTrigger>
      </RouterProvider>
    )
  },
} satisfies Meta<typeof Menu>
export default meta
type Story = StoryObj<typeof meta>

export const KeyboardAction: Story = {
  play: async ({ canvas, canvasElement, args }) => {
    const page = within(canvasElement.ownerDocument.body)
    const trigger = canvas.getByRole('button', { name: 'User menu' })
    await userEvent.tab()
    await userEvent.keyboard('{Enter}')
    const menu = await page.findByRole('menu')
    await waitFor(() => expect(within(menu).getByRole('menuitem', { name: 'Dashboard' })).toHaveFocus())
    await userEvent.keyboard('{End}')
    const logout = within(menu).getByRole('menuitem', { name: 'Logout' })
    await expect(logout).toHaveFocus()
    // The keyboard's focus is drawn: a solid ring on the item.
    await expect(logout).toHaveAttribute('data-focus-visible', 'true')
    await expect(getComputedStyle(logout).outlineStyle).toBe('solid')
    await userEvent.keyboard('{Enter}')
    await expect((args.onAction as ReturnType<typeof fn>).mock.calls[0]?.[0]).toBe('logout')
    await waitFor(() => expect(page.queryByRole('menu')).not.toBeInTheDocument())
    await waitFor(() => expect(trigger).toHaveFocus())
  },
}

export const LinkItemNavigates: Story = {
  play: async ({ canvas, canvasElement, parameters }) => {
    const page = within(canvasElement.ownerDocument.body)
    await userEvent.click(canvas.getByRole('button', { name: 'User menu' }))
    await userEvent.click(await page.findByRole('menuitem', { name: 'Settings' }))
    const navigate = parameters.navigate as ReturnType<typeof fn>
    await expect(navigate.mock.calls.at(-1)?.[0]).toBe('/settings')
    await waitFor(() => expect(page.queryByRole('menu')).not.toBeInTheDocument())
  },
}

export const EscapeCloses: Story = {
  play: async ({ canvas, canvasElement }) => {
    const page = within(canvasElement.ownerDocument.body)
    await userEvent.click(canvas.getByRole('button', { name: 'User menu' }))
    await page.findByRole('menu')
    await userEvent.keyboard('{Escape}')
    await waitFor(() => expect(page.queryByRole('menu')).not.toBeInTheDocument())
  },
}

export const Typeahead: Story = {
  play: async ({ canvas, canvasElement }) => {
    const page = within(canvasElement.ownerDocument.body)
    await userEvent.click(canvas.getByRole('button', { name: 'User menu' }))
    const menu = await page.findByRole('menu')
    await userEvent.keyboard('w')
    await waitFor(() => expect(within(menu).getByRole('menuitem', { name: 'Wallet' })).toHaveFocus())
  },
}
