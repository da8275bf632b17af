import type { Meta, StoryObj } from '@storybook/react-vite'
import { useState } from 'react'
import { expect, fn, userEvent, waitFor, within } from 'storybook/test'
import { API_KEY_REQUIRED, FAILED_TO_FETCH_MODELS, MODEL_REQUIRED } from '@engage/contract'
import { handlers, scenarios } from '@engage/mocks'
import { FetchModelsDialog, type FetchModelsDialogProps } from '@engage/screens'
import { Box, Button } from '@engage/ui'
import { withClient, withRouter } from '../support/decorators'
import { choose, optionLabels } from '../support/select'

/**
 * A pending Button announces itself through react-aria's page-wide live region with a node labelled by the
 * button's id, kept for 7 s. When the button is gone within that time (a closed dialog, a replaced step), the
 * node points at nothing: screen readers have already read it, but the a11y check after the story would report
 * it. Stories that remove such a button call this at their end. (Between stories, preview.tsx clears them all.)
 */
async function removeStaleAnnouncements() {
  // The first announcement of a page is written 100 ms late (react-aria waits for its region to attach).
  await new Promise((resolve) => setTimeout(resolve, 150))
  for (const node of document.querySelectorAll('[data-live-announcer] [aria-labelledby]')) {
    const labelIds = (node.getAttribute('aria-labelledby') ?? '').split(' ')
    if (labelIds.some((id) => document.getElementById(id) === null)) node.remove()
  }
}

// The dialog as the AI setting form uses it: a button opens it.
function FetchModelsPage(args: FetchModelsDialogProps) {
  const [isOpen, setOpen] = useState(args.isOpen)
  return (
    <Box padding="xlarge">
      <Button onPress={() => setOpen(true)}>Open</Button>
      <FetchModelsDialog
        {...args}
        isOpen={isOpen}
        onOpenChange={(open) => {
          setOpen(open)
          args.onOpenChange(open)
        }}
      />
    </Box>
  )
}

const meta = {
  component: FetchModelsDialog,
  title: 'Screens/FetchModelsDialog',
  decorators: [withClient, withRouter],
  render: (args) => <FetchModelsPage {...args} />,
  args: { isOpen: true, provider: 'deepseek', onOpenChange: fn(), onSelect: fn() },
  parameters: { msw: { handlers: scenarios.default } },
} satisfies Meta<typeof FetchModelsDialog>
export default meta
type Story = StoryObj<typeof meta>

const page = () => within(document.body)

async function findDialog() {
  const dialog = await page().findByRole('dialog', { name: 'Fetch Models' })
  await waitFor(() => expect(dialog).toBeVisible())
  return within(dialog)
}

type Dialog = Awaited<ReturnType<typeof findDialog>>

async function fetchWithKey(dialog: Dialog, key: string) {
  if (key !== '') await userEvent.type(dialog.getByLabelText('API Key'), key)
  await userEvent.click(dialog.getByRole('button', { name: 'Fetch Models' }))
}

export const Default: Story = {
  play: async ({ args }) => {
    const dialog = await findDialog()
    await expect(dialog.getByText('Step 1 of 2: enter your DeepSeek API key.')).toBeVisible()
    await fetchWithKey(dialog, 'sk-deepseek-test')
    await dialog.findByText('Step 2 of 2: choose a model from DeepSeek.')
    await expect(optionLabels(dialog.getByRole('combobox', { name: 'Model' }))).toEqual([
      'DeepSeek Chat (deepseek-chat)',
      'DeepSeek Reasoner (deepseek-reasoner)',
    ])
    await choose(dialog, 'Model', 'DeepSeek Chat (deepseek-chat)')
    await userEvent.click(dialog.getByRole('button', { name: 'Use Model' }))
    await expect(args.onSelect).toHaveBeenCalledWith({
      model: { id: 'deepseek-chat', name: 'DeepSeek Chat', provider: 'deepseek' },
      apiKey: 'sk-deepseek-test',
    })
    await waitFor(() => expect(page().queryByRole('dialog')).toBeNull())
    await removeStaleAnnouncements()
  },
}

export const Loading: Story = {
  parameters: { msw: { handlers: [handlers.fetchModels.loading(), ...scenarios.default] } },
  play: async () => {
    const dialog = await findDialog()
    await fetchWithKey(dialog, 'sk-deepseek-test')
    await expect(await dialog.findByRole('progressbar', { name: 'Fetching models' })).toBeInTheDocument()
  },
}

export const Empty: Story = {
  name: 'Empty (the key lists no models)',
  parameters: { msw: { handlers: [handlers.fetchModels.respond({ models: [] }), ...scenarios.default] } },
  play: async () => {
    const dialog = await findDialog()
    await fetchWithKey(dialog, 'sk-deepseek-test')
    await expect(await dialog.findByText('0 models available')).toBeVisible()
    const models = dialog.getByRole('combobox', { name: 'Model' })
    await expect(models).toBeDisabled()
    await expect(models).toHaveDisplayValue('No models available')
    await removeStaleAnnouncements()
  },
}

export const ServerError: Story = {
  name: 'ServerError (Failed to fetch models)',
  parameters: {
    msw: {
      handlers: [
        handlers.fetchModels.failure(`${FAILED_TO_FETCH_MODELS}: Authentication Fails (no such user)`, 400),
        ...scenarios.default,
      ],
    },
  },
  play: async () => {
    const dialog = await findDialog()
    await fetchWithKey(dialog, 'sk-wrong')
    const alert = await dialog.findByRole('alert')
    await expect(alert).toHaveTextContent(FAILED_TO_FETCH_MODELS)
    await expect(alert).toHaveTextContent('Authentication Fails (no such user)')
    // Still on the key step, to correct it.
    await expect(dialog.getByLabelText('API Key')).toHaveValue('sk-wrong')
  },
}

export const ValidationMessages: Story = {
  play: async ({ step }) => {
    const dialog = await findDialog()
    await step('an empty key: Please enter your API key', async () => {
      await fetchWithKey(dialog, '')
      await expect(await dialog.findByText(API_KEY_REQUIRED)).toBeVisible()
      await expect(dialog.getByLabelText('API Key')).toHaveAccessibleDescription(
        expect.stringContaining(API_KEY_REQUIRED),
      )
    })
    await step('no model chosen: Please select a model', async () => {
      await fetchWithKey(dialog, 'sk-deepseek-test')
      await dialog.findByText('Step 2 of 2: choose a model from DeepSeek.')
      await userEvent.click(dialog.getByRole('button', { name: 'Use Model' }))
      await expect(await dialog.findByText(MODEL_REQUIRED)).toBeVisible()
      await removeStaleAnnouncements()
    })
  },
}

export const OpenRouterNeedsNoKey: Story = {
  args: { provider: 'openrouter' },
  play: async () => {
    const dialog = await findDialog()
    await expect(dialog.getByText('Optional: OpenRouter lists its models without a key.')).toBeVisible()
    await fetchWithKey(dialog, '')
    await expect(await dialog.findByText('2 models available')).toBeVisible()
    await removeStaleAnnouncements()
  },
}

export const BackAndClosingResets: Story = {
  name: 'Back returns to the key; closing resets',
  play: async ({ step }) => {
    let dialog = await findDialog()
    await step('Back returns to the key, which stays', async () => {
      await fetchWithKey(dialog, 'sk-deepseek-test')
      await dialog.findByText('Step 2 of 2: choose a model from DeepSeek.')
      await userEvent.click(dialog.getByRole('button', { name: 'Back' }))
      await expect(dialog.getByLabelText('API Key')).toHaveValue('sk-deepseek-test')
    })
    await step('closing and opening again starts from an empty key', async () => {
      await userEvent.click(dialog.getByRole('button', { name: 'Close' }))
      await waitFor(() => expect(page().queryByRole('dialog')).toBeNull())
      await userEvent.click(page().getByRole('button', { name: 'Open' }))
      dialog = await findDialog()
      await expect(dialog.getByText('Step 1 of 2: enter your DeepSeek API key.')).toBeVisible()
      await expect(dialog.getByLabelText('API Key')).toHaveValue('')
      await removeStaleAnnouncements()
    })
  },
}
