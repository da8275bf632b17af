import type { Meta, StoryObj } from '@storybook/react-vite'
import { expect, fn, userEvent, waitFor, within } from 'storybook/test'
import { fixtureProfile } from '@engage/mocks'
import { MAIN_CONTENT_ID, PublicLayout, PublicPage, PublicPageSection } from '@engage/screens'
import { Text } from '@engage/ui'
import { withNavigationSpy } from '../support/navigation'
import { withSiteContacts } from '../support/siteContacts'

const navigate = fn()

const meta = {
  component: PublicLayout,
  title: 'Screens/PublicLayout',
  decorators: [withNavigationSpy(navigate), withSiteContacts()],
  beforeEach: () => {
    navigate.mockClear()
  },
  // The frame of the public pages: no request at all (none is handled).
  parameters: { msw: { handlers: [] }, layout: 'fullscreen' },
  args: {
    children: (
      <PublicPage title="Refund policy" summary={<Text tone="muted">How refunds work on Engage Panel.</Text>}>
        <PublicPageSection title="Undelivered orders">
          <Text>Cancelled and partial orders return what was not delivered to your balance.</Text>
        </PublicPageSection>
        <PublicPageSection title="Deposits">
          <Text>Deposits are final once the network confirms them.</Text>
        </PublicPageSection>
      </PublicPage>
    ),
  },
} satisfies Meta<typeof PublicLayout>
export default meta
type Story = StoryObj<typeof meta>

export const Default: Story = {
  play: async ({ canvas, step }) => {
    await step('header, main and footer landmarks, in that order', async () => {
      const banner = canvas.getByRole('banner')
      const main = canvas.getByRole('main')
      const footer = canvas.getByRole('contentinfo')
      await expect(main).toHaveAttribute('id', MAIN_CONTENT_ID)
      await expect(banner.compareDocumentPosition(main) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy()
      await expect(main.compareDocumentPosition(footer) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy()
    })
    await step('the page has one h1 and a region per titled section', async () => {
      const main = within(canvas.getByRole('main'))
      await expect(main.getAllByRole('heading', { level: 1 }).map((heading) => heading.textContent)).toEqual([
        'Refund policy',
      ])
      await expect(main.getByRole('region', { name: 'Undelivered orders' })).toHaveTextContent(
        'Cancelled and partial orders return what was not delivered to your balance.',
      )
      await expect(main.getByRole('region', { name: 'Deposits' })).toBeVisible()
    })
    await step('away from the landing the header links back to its sections', async () => {
      const sections = within(canvas.getByRole('navigation', { name: 'Sections' }))
      await expect(sections.getAllByRole('link').map((link) => link.getAttribute('href'))).toEqual([
        '/#features',
        '/#pricing',
      ])
    })
    await step('a visitor sees Log in and Get started', async () => {
      const header = within(canvas.getByRole('banner'))
      await userEvent.click(header.getByRole('link', { name: 'Get started' }))
      await expect(navigate).toHaveBeenLastCalledWith('/auth', undefined)
    })
  },
}

export const SkipToContent: Story = {
  name: 'Keyboard: Skip to content',
  play: async ({ canvas }) => {
    const skip = canvas.getByRole('link', { name: 'Skip to content' })
    // The first stop of the page, shown once focused.
    await userEvent.tab()
    await expect(skip).toHaveFocus()
    await expect(skip).toHaveAttribute('href', `#${MAIN_CONTENT_ID}`)
    await waitFor(() => expect(getComputedStyle(skip).transform).toBe('none'))
    await expect(skip).toBeVisible()
    // Its target is the main landmark, which can take focus (tabindex -1), so the browser's native jump moves
    // focus there. The jump itself is not pressed here: a fragment navigation of the test page breaks the
    // test runner's connection.
    const main = canvas.getByRole('main')
    await expect(document.getElementById(MAIN_CONTENT_ID)).toBe(main)
    await expect(main).toHaveAttribute('tabindex', '-1')
    await userEvent.tab()
    await expect(skip).not.toHaveFocus()
    await waitFor(() => expect(getComputedStyle(skip).transform).not.toBe('none'))
    await expect(navigate).not.toHaveBeenCalled()
  },
}

export const SignedIn: Story = {
  args: { username: fixtureProfile.username, headerVariant: 'landing' },
  play: async ({ canvas }) => {
    const header = within(canvas.getByRole('banner'))
    await expect(await header.findByRole('button', { name: fixtureProfile.username })).toBeVisible()
    await expect(header.queryByRole('link', { name: 'Log in' })).toBeNull()
    const sections = within(canvas.getByRole('navigation', { name: 'Sections' }))
    await expect(sections.getAllByRole('link').map((link) => link.getAttribute('href'))).toEqual([
      '#features',
      '#pricing',
      '#testimonials',
    ])
  },
}

export const WithMicroblog: Story = {
  args: { microblogHref: 'https://x.com/engagepanel' },
  play: async ({ canvas }) => {
    const contact = within(canvas.getByRole('navigation', { name: 'Contact' }))
    await expect(contact.getByRole('link', { name: 'Follow us on X' })).toHaveAttribute(
      'href',
      'https://x.com/engagepanel',
    )
  },
}
