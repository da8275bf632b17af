import type { Meta, StoryObj } from '@storybook/react-vite'
import { expect, fn, screen, userEvent, waitFor, within } from 'storybook/test'
import { fixtureProfile } from '@engage/mocks'
import { SiteHeader, siteSections } from '@engage/screens'
import { Box, Heading, Text } from '@engage/ui'
import { withNavigationSpy } from '../support/navigation'

const navigate = fn()

const meta = {
  component: SiteHeader,
  title: 'Screens/SiteHeader',
  decorators: [withNavigationSpy(navigate)],
  beforeEach: () => {
    navigate.mockClear()
  },
  // Static links: no request at all (none is handled).
  parameters: { msw: { handlers: [] } },
} satisfies Meta<typeof SiteHeader>
export default meta
type Story = StoryObj<typeof meta>

type Canvas = ReturnType<typeof within>

function sectionLinks(canvas: Canvas) {
  return within(canvas.getByRole('navigation', { name: 'Sections' })).getAllByRole('link')
}

/**
 * The username button once the menu's code has loaded (it is loaded lazily; until then a plain button stands in,
 * and is replaced): the button that opens a menu.
 */
async function accountMenuButton(canvas: Canvas) {
  const menuButton = () => canvas.getByRole('button', { name: fixtureProfile.username })
  await waitFor(() => expect(menuButton()).toHaveAttribute('aria-haspopup'), { timeout: 10_000 })
  return menuButton()
}

/** The landing: the header scrolls to its sections, which sit under it in this story. */
export const Default: Story = {
  name: 'Landing, signed out',
  args: { variant: 'landing' },
  render: (args) => (
    <>
      <SiteHeader {...args} />
      {siteSections.map((section) => (
        <Box
          as="section"
          key={section.id}
          id={section.id}
          tabIndex={-1}
          aria-labelledby={`${section.id}-title`}
          padding="large"
          style={{ minHeight: '60vh' }}
        >
          <Heading level={2} id={`${section.id}-title`}>
            {section.label}
          </Heading>
          <Text>The landing’s {section.label.toLowerCase()} section.</Text>
        </Box>
      ))}
    </>
  ),
  play: async ({ canvas, step }) => {
    await step('the brand leads home', async () => {
      await userEvent.click(canvas.getByRole('link', { name: 'Engage Panel' }))
      await expect(navigate).toHaveBeenLastCalledWith('/', undefined)
    })
    await step(
      'Features, Pricing and Testimonials scroll to their section and move focus there',
      async () => {
        await expect(sectionLinks(canvas).map((link) => link.textContent)).toEqual([
          'Features',
          'Pricing',
          'Testimonials',
        ])
        await userEvent.click(canvas.getByRole('link', { name: 'Testimonials' }))
        await waitFor(() => expect(canvas.getByRole('region', { name: 'Testimonials' })).toHaveFocus())
        await userEvent.click(canvas.getByRole('link', { name: 'Features' }))
        await waitFor(() => expect(canvas.getByRole('region', { name: 'Features' })).toHaveFocus())
      },
    )
    await step('a visitor sees Log in and Get started, both to /auth', async () => {
      const header = within(canvas.getByRole('banner'))
      await userEvent.click(header.getByRole('link', { name: 'Log in' }))
      await expect(navigate).toHaveBeenLastCalledWith('/auth', undefined)
      await userEvent.click(header.getByRole('link', { name: 'Get started' }))
      await expect(navigate).toHaveBeenLastCalledWith('/auth', undefined)
      await expect(header.queryByRole('button')).toBeNull()
    })
  },
}

/** Another public page: links back to the landing's Features and Pricing (Testimonials live only there). */
export const OtherPage: Story = {
  name: 'Other public page',
  args: { variant: 'page' },
  play: async ({ canvas }) => {
    const links = sectionLinks(canvas)
    await expect(links.map((link) => link.textContent)).toEqual(['Features', 'Pricing'])
    await expect(links.map((link) => link.getAttribute('href'))).toEqual(['/#features', '/#pricing'])
    await userEvent.click(canvas.getByRole('link', { name: 'Pricing' }))
    await expect(navigate).toHaveBeenLastCalledWith('/#pricing', undefined)
  },
}

export const SignedIn: Story = {
  args: { variant: 'landing', username: fixtureProfile.username },
  play: async ({ canvas, step }) => {
    const header = within(canvas.getByRole('banner'))
    await step('the username menu instead of Log in and Get started', async () => {
      await expect(header.queryByRole('link', { name: 'Log in' })).toBeNull()
      await expect(header.queryByRole('link', { name: 'Get started' })).toBeNull()
      await userEvent.click(await accountMenuButton(canvas))
      const menu = await screen.findByRole('menu')
      await expect(
        within(menu)
          .getAllByRole('menuitem')
          .map((item) => item.textContent),
      ).toEqual(['Dashboard', 'Settings', 'Logout'])
    })
    await step('each item leads to its page', async () => {
      await userEvent.click(screen.getByRole('menuitem', { name: 'Settings' }))
      await expect(navigate).toHaveBeenLastCalledWith('/settings', undefined)
      await userEvent.click(header.getByRole('button', { name: fixtureProfile.username }))
      await userEvent.click(await screen.findByRole('menuitem', { name: 'Logout' }))
      await expect(navigate).toHaveBeenLastCalledWith('/logout', undefined)
    })
  },
}

export const SignedInKeyboard: Story = {
  name: 'Signed in: the menu by keyboard',
  args: { variant: 'page', username: fixtureProfile.username },
  play: async ({ canvas }) => {
    const account = await accountMenuButton(canvas)
    account.focus()
    await userEvent.keyboard('{Enter}')
    const menu = await screen.findByRole('menu')
    await waitFor(() => expect(within(menu).getByRole('menuitem', { name: 'Dashboard' })).toHaveFocus())
    await userEvent.keyboard('{Enter}')
    await expect(navigate).toHaveBeenLastCalledWith('/dashboard', undefined)
    await waitFor(() => expect(screen.queryByRole('menu')).toBeNull())
  },
}
