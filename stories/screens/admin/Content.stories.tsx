import type { Meta, StoryObj } from '@storybook/react-vite'
import { expect, userEvent, waitFor, within } from 'storybook/test'
import { ADMIN_TITLE_REQUIRED } from '@engage/contract'
import { adminScenarios } from '@engage/mocks'
import { AdminContent, LINK_INVALID, NO_CONTACT_METHODS, NO_UPDATES } from '@engage/screens/admin'
import { withClient, withRouter } from '../../support/decorators'
import { afterCall, page, removeStaleAnnouncements, withAdminClient, withPadding } from './adminDecorators'

const meta = {
  component: AdminContent,
  title: 'Admin/Content',
  decorators: [withPadding, withAdminClient, withClient, withRouter],
  parameters: { msw: { handlers: adminScenarios.default } },
} satisfies Meta<typeof AdminContent>
export default meta
type Story = StoryObj<typeof meta>

async function findTables(canvas: ReturnType<typeof within>) {
  const updates = await canvas.findByRole('grid', { name: 'Updates' })
  await within(updates).findByText('AI tweets are here')
  const contacts = await canvas.findByRole('grid', { name: 'Contact methods' })
  await within(contacts).findByText('Support Bot')
  return { updates: within(updates), contacts: within(contacts) }
}

async function findDialog(name: string) {
  const dialog = await within(page()).findByRole('dialog', { name })
  await waitFor(() => expect(dialog).toBeVisible())
  return within(dialog)
}

export const Default: Story = {
  play: async ({ canvas }) => {
    const { updates, contacts } = await findTables(canvas)
    await expect(updates.getByText('Scheduled maintenance')).toBeVisible()
    await expect(contacts.getByText(/support@engagepanel\.example · Everyday \| 9 AM to 5 PM/)).toBeVisible()
  },
}

export const Loading: Story = {
  parameters: { msw: { handlers: adminScenarios.loading } },
  play: async ({ canvas }) => {
    await expect(await canvas.findByRole('progressbar', { name: 'Loading updates' })).toBeInTheDocument()
    await expect(canvas.getByRole('progressbar', { name: 'Loading contact methods' })).toBeInTheDocument()
  },
}

export const Empty: Story = {
  parameters: { msw: { handlers: adminScenarios.empty } },
  play: async ({ canvas }) => {
    await expect(await canvas.findByText(NO_UPDATES)).toBeVisible()
    await expect(await canvas.findByText(NO_CONTACT_METHODS)).toBeVisible()
  },
}

export const ServerError: Story = {
  parameters: { msw: { handlers: adminScenarios.serverError } },
  play: async ({ canvas }) => {
    await expect(await canvas.findByText('Failed to load the updates')).toBeVisible()
    await expect(await canvas.findByText('Failed to load the contact methods')).toBeVisible()
  },
}

export const AddAnUpdate: Story = {
  play: async ({ canvas, step }) => {
    await findTables(canvas)
    await userEvent.click(await canvas.findByRole('button', { name: 'Add update' }))
    const dialog = await findDialog('Add update')
    await step('title required, link must be a link', async () => {
      await userEvent.type(dialog.getByRole('textbox', { name: /Link/ }), 'not a link')
      await userEvent.click(dialog.getByRole('button', { name: 'Save update' }))
      await expect(await dialog.findByText(ADMIN_TITLE_REQUIRED)).toBeVisible()
      await expect(dialog.getByText(LINK_INVALID)).toBeVisible()
    })
    await step('save it: it leads the list', async () => {
      await userEvent.type(
        dialog.getByRole('textbox', { name: /^Title/ }),
        'Black Friday: 20% more followers',
      )
      await userEvent.type(
        dialog.getByRole('textbox', { name: 'Text' }),
        'Every followers order this weekend.',
      )
      const link = dialog.getByRole('textbox', { name: /Link/ })
      await userEvent.clear(link)
      await userEvent.click(dialog.getByRole('button', { name: 'Save update' }))
      await expect(
        await canvas.findByText('“Black Friday: 20% more followers” added', undefined, afterCall),
      ).toBeVisible()
      const updates = within(canvas.getByRole('grid', { name: 'Updates' }))
      await expect(
        await updates.findByText('Black Friday: 20% more followers', undefined, afterCall),
      ).toBeVisible()
    })
    await removeStaleAnnouncements()
  },
}

export const EditAContactMethod: Story = {
  play: async ({ canvas }) => {
    await findTables(canvas)
    await userEvent.click(await canvas.findByRole('button', { name: 'Edit Email Support' }))
    const dialog = await findDialog('Edit contact method')
    const text = dialog.getByRole('textbox', { name: /^Text/ })
    await userEvent.clear(text)
    await userEvent.type(text, 'Weekdays | 8 AM to 8 PM')
    await userEvent.click(dialog.getByRole('button', { name: 'Save contact method' }))
    await expect(await canvas.findByText('“Email Support” saved', undefined, afterCall)).toBeVisible()
    await expect(await canvas.findByText(/Weekdays \| 8 AM to 8 PM/, undefined, afterCall)).toBeVisible()
    await removeStaleAnnouncements()
  },
}

export const DeleteAContactMethod: Story = {
  name: 'Delete a contact method (asks first)',
  play: async ({ canvas }) => {
    await findTables(canvas)
    await userEvent.click(await canvas.findByRole('button', { name: 'Delete Payment Support' }))
    const alert = within(
      await within(page()).findByRole('alertdialog', { name: 'Delete “Payment Support”?' }),
    )
    await userEvent.click(alert.getByRole('button', { name: 'Delete' }))
    await expect(await canvas.findByText('“Payment Support” deleted', undefined, afterCall)).toBeVisible()
    const contacts = within(canvas.getByRole('grid', { name: 'Contact methods' }))
    await waitFor(() => expect(contacts.queryByText('Payment Support')).toBeNull(), afterCall)
  },
}

export const Support: Story = {
  name: 'Support answers users here',
  parameters: { msw: { handlers: adminScenarios.support } },
  play: async ({ canvas }) => {
    await findTables(canvas)
    await expect(await canvas.findByRole('button', { name: 'Add update' })).toBeEnabled()
    await expect(canvas.getByRole('button', { name: 'Add contact method' })).toBeEnabled()
  },
}
