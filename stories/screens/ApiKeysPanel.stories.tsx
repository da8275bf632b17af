import type { Meta, StoryObj } from '@storybook/react-vite'
import { expect, fn, userEvent, waitFor, within } from 'storybook/test'
import { API_KEY_NAME_REQUIRED, INTERNAL_SERVER_ERROR } from '@engage/contract'
import { createMockState, createScenario, handlers, scenarios } from '@engage/mocks'
import {
  API_KEY_PLACEHOLDER,
  apiKeyRevokedMessage,
  ApiKeysPanel,
  COPIED,
  CREATE_API_KEY,
  CREATE_API_KEY_TITLE,
  FAILED_TO_LOAD_API_KEYS,
  KEY_COPIED_DONE,
  KEY_NAME_LABEL,
  KEY_SHOWN_ONCE_MESSAGE,
  KEY_SHOWN_ONCE_TITLE,
  NEVER_USED,
  NEW_API_KEY_TITLE,
  NO_API_KEYS,
  REVOKE_API_KEY_MESSAGE,
  revokeApiKeyTitle,
} from '@engage/screens'
import { Box } from '@engage/ui'
import { withClient, withRouter } from '../support/decorators'

// React Aria announces a pending button through a page-wide live region for 7 s, by the button's id; a previous
// story's announcement would point at a button that is gone.
function clearLiveAnnouncements() {
  for (const log of document.querySelectorAll('[data-live-announcer] [role="log"]')) log.replaceChildren()
}

const ORIGIN = 'https://panel.example'

const meta = {
  component: ApiKeysPanel,
  title: 'Screens/ApiKeysPanel',
  decorators: [
    (Story) => (
      <Box padding="large">
        <Story />
      </Box>
    ),
    withClient,
    withRouter,
  ],
  beforeEach: clearLiveAnnouncements,
  args: { origin: ORIGIN, copyText: fn(() => Promise.resolve()) },
  // A fresh state per story (a getter), so a key created or revoked in one story never shows in another.
  parameters: { msw: { handlers: scenarios.default } },
} satisfies Meta<typeof ApiKeysPanel>
export default meta
type Story = StoryObj<typeof meta>

type Canvas = ReturnType<typeof within>
const page = () => within(document.body)

/** The body rows that carry a key (not the empty state), once they have arrived. */
async function keyRows(canvas: Canvas) {
  const table = await canvas.findByRole('grid', { name: 'API keys' })
  const rows = () =>
    within(table)
      .getAllByRole('row')
      .filter((row) => row.dataset.key !== undefined)
  await waitFor(() => expect(rows().length).toBeGreaterThan(0))
  return rows()
}

async function rowOf(canvas: Canvas, name: string) {
  const rows = await keyRows(canvas)
  const row = rows.find((item) => within(item).queryByText(name) !== null)
  if (!row) throw new Error(`No row for ${name}`)
  return row
}

export const Default: Story = {
  play: async ({ canvasElement, args, step }) => {
    const canvas = within(canvasElement)
    await step('the keys by name and first characters, newest first, with when they were used', async () => {
      const rows = await keyRows(canvas)
      await expect(rows.map((row) => within(row).getAllByRole('rowheader')[0]?.textContent)).toEqual([
        'Reseller panelep_Q7vK2mX…',
        'Reporting scriptep_b4TzR9w…',
        'Old integrationep_Hn3sLp0…',
      ])
      await expect(within(await rowOf(canvas, 'Reporting script')).getByText(NEVER_USED)).toBeVisible()
      await expect(within(await rowOf(canvas, 'Old integration')).getByText('Revoked')).toBeVisible()
      await expect(
        within(await rowOf(canvas, 'Old integration')).queryByRole('button', { name: /Revoke/ }),
      ).not.toBeInTheDocument()
      await expect(within(await rowOf(canvas, 'Reseller panel')).getByText('Active')).toBeVisible()
    })
    await step('a guide with example requests on this panel, with a placeholder key', async () => {
      await expect(canvas.getByRole('heading', { name: 'Using the API' })).toBeVisible()
      for (const title of ['Balance', 'Services', 'Add an order', 'Order status']) {
        await expect(canvas.getByRole('heading', { name: title, level: 3 })).toBeVisible()
      }
      const balance = canvas.getByText(/action=balance/)
      await expect(balance.textContent).toContain(`curl -X POST ${ORIGIN}/api/v2`)
      await expect(balance.textContent).toContain(`key=${API_KEY_PLACEHOLDER}`)
      await expect(canvas.getByText(/action=add/).textContent).toContain('quantity=1000')
      await expect(canvas.getByText(/action=status/).textContent).toContain('order=23501')
    })
    await step('an example is copied with its button', async () => {
      await userEvent.click(canvas.getByRole('button', { name: 'Copy the balance example' }))
      await expect(args.copyText).toHaveBeenCalledWith(expect.stringContaining('-d action=balance'))
      await expect(await canvas.findByText(COPIED)).toBeVisible()
    })
  },
}

export const Loading: Story = {
  parameters: { msw: { handlers: [handlers.listApiKeys.loading(), ...scenarios.default] } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await expect(await canvas.findByRole('progressbar', { name: 'Loading API keys' })).toBeVisible()
    await expect(canvas.getByRole('button', { name: CREATE_API_KEY })).toBeEnabled()
  },
}

export const Empty: Story = {
  parameters: { msw: { handlers: scenarios.empty } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await expect(await canvas.findByText(NO_API_KEYS)).toBeVisible()
    await expect(canvas.getByRole('heading', { name: 'Using the API' })).toBeVisible()
  },
}

export const ServerError: Story = {
  parameters: { msw: { handlers: [handlers.listApiKeys.failure(), ...scenarios.default] } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    const alert = await canvas.findByRole('alert')
    await expect(alert).toHaveTextContent(FAILED_TO_LOAD_API_KEYS)
    await expect(alert).toHaveTextContent(INTERNAL_SERVER_ERROR)
    await expect(within(alert).getByRole('button', { name: 'Try again' })).toBeVisible()
  },
}

export const Created: Story = {
  play: async ({ canvasElement, args, step }) => {
    const canvas = within(canvasElement)
    await keyRows(canvas)
    await step('a key needs a name', async () => {
      await userEvent.click(canvas.getByRole('button', { name: CREATE_API_KEY }))
      const dialog = within(await page().findByRole('dialog', { name: CREATE_API_KEY_TITLE }))
      await userEvent.click(dialog.getByRole('button', { name: 'Create key' }))
      await expect(await dialog.findByText(API_KEY_NAME_REQUIRED)).toBeInTheDocument()
      await expect(dialog.getByRole('textbox', { name: KEY_NAME_LABEL })).toHaveFocus()
      await userEvent.type(dialog.getByRole('textbox', { name: KEY_NAME_LABEL }), 'Zapier automation')
      await userEvent.click(dialog.getByRole('button', { name: 'Create key' }))
    })
    let key = ''
    await step('the whole key is shown once, with a warning and a copy button', async () => {
      // After the request and the create dialog's closing, which a busy machine may stretch past the default 1 s.
      const dialog = within(await page().findByRole('dialog', { name: NEW_API_KEY_TITLE }, { timeout: 5000 }))
      // Dialogs fade in: their text is checked as content rather than for visibility mid-transition.
      await expect(dialog.getByText(KEY_SHOWN_ONCE_TITLE)).toBeInTheDocument()
      await expect(dialog.getByText(KEY_SHOWN_ONCE_MESSAGE)).toBeInTheDocument()
      const shown = dialog.getByText(/^ep_/)
      key = shown.textContent ?? ''
      await expect(key).toMatch(/^ep_[A-Za-z0-9_-]{43}$/)
      await userEvent.click(dialog.getByRole('button', { name: 'Copy key' }))
      await expect(args.copyText).toHaveBeenCalledWith(key)
      await expect(await dialog.findByText(COPIED)).toBeInTheDocument()
    })
    await step('once closed, the key is gone from the page and listed by name and prefix only', async () => {
      await userEvent.click(page().getByRole('button', { name: KEY_COPIED_DONE }))
      await waitFor(() => expect(page().queryByRole('dialog')).not.toBeInTheDocument())
      const row = await rowOf(canvas, 'Zapier automation')
      await expect(within(row).getByText(`${key.slice(0, 10)}…`)).toBeVisible()
      await expect(document.body.textContent).not.toContain(key)
    })
  },
}

export const Revoke: Story = {
  play: async ({ canvasElement, step }) => {
    const canvas = within(canvasElement)
    await step('revoking asks first; Cancel keeps the key', async () => {
      await userEvent.click(
        within(await rowOf(canvas, 'Reseller panel')).getByRole('button', { name: 'Revoke Reseller panel' }),
      )
      const confirm = within(
        await page().findByRole('alertdialog', { name: revokeApiKeyTitle('Reseller panel') }),
      )
      await expect(confirm.getByText(REVOKE_API_KEY_MESSAGE)).toBeInTheDocument()
      await userEvent.click(confirm.getByRole('button', { name: 'Cancel' }))
      await waitFor(() => expect(page().queryByRole('alertdialog')).not.toBeInTheDocument())
      await expect(within(await rowOf(canvas, 'Reseller panel')).getByText('Active')).toBeVisible()
    })
    await step('confirmed, the key reads Revoked and can no longer be revoked', async () => {
      await userEvent.click(
        within(await rowOf(canvas, 'Reseller panel')).getByRole('button', { name: 'Revoke Reseller panel' }),
      )
      const confirm = within(
        await page().findByRole('alertdialog', { name: revokeApiKeyTitle('Reseller panel') }),
      )
      await userEvent.click(confirm.getByRole('button', { name: 'Revoke key' }))
      await expect(await canvas.findByText(apiKeyRevokedMessage('Reseller panel'))).toBeVisible()
      await waitFor(async () =>
        expect(within(await rowOf(canvas, 'Reseller panel')).getByText('Revoked')).toBeVisible(),
      )
      await expect(
        within(await rowOf(canvas, 'Reseller panel')).queryByRole('button', { name: /Revoke/ }),
      ).not.toBeInTheDocument()
    })
  },
}

/** A revoke the server refuses: the key stays active and the reason is shown. */
export const RevokeFailed: Story = {
  parameters: {
    msw: {
      handlers: [
        handlers.revokeApiKey.failure('API key not found', 404),
        ...createScenario('default', createMockState()),
      ],
    },
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await userEvent.click(
      within(await rowOf(canvas, 'Reporting script')).getByRole('button', {
        name: 'Revoke Reporting script',
      }),
    )
    const confirm = within(
      await page().findByRole('alertdialog', { name: revokeApiKeyTitle('Reporting script') }),
    )
    await userEvent.click(confirm.getByRole('button', { name: 'Revoke key' }))
    const alert = await canvas.findByRole('alert')
    await expect(alert).toHaveTextContent('Failed to revoke the API key')
    await expect(alert).toHaveTextContent('API key not found')
    await expect(within(await rowOf(canvas, 'Reporting script')).getByText('Active')).toBeVisible()
  },
}
