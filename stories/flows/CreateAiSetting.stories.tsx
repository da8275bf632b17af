import type { Meta, StoryObj } from '@storybook/react-vite'
import { useState } from 'react'
import { expect, userEvent, waitFor, within } from 'storybook/test'
import { maskApiKey, NEW_AI_SETTING_NAME, SELECT_ONE_AI_SETTING } from '@engage/contract'
import { createMockState, createScenario } from '@engage/mocks'
import { AI_SETTING_CREATED, AI_SETTINGS_SAVED, AiSettingsDialog, Settings } from '@engage/screens'
import { Box, Button, Text } from '@engage/ui'
import { withClient, withRouter } from '../support/decorators'
import { choose } from '../support/select'

/**
 * Where a customer creates an AI setting: on the settings page, or from the order flow's AI-settings picker
 * (which the dashboard opens with its AI Settings button). Both share one mock state per story.
 */
function CreateAiSettingJourney({ start }: { start: 'settings' | 'order' }) {
  const [isPickerOpen, setPickerOpen] = useState(false)
  const [chosenIds, setChosenIds] = useState<string[]>([])
  if (start === 'settings') {
    return (
      <Box padding="large">
        <Settings defaultTab="ai" />
      </Box>
    )
  }
  return (
    <Box padding="large" display="flex" flexDirection="column" gap="medium" alignItems="flex-start">
      <Button onPress={() => setPickerOpen(true)}>AI Settings</Button>
      <Text elementType="p">
        Chosen for this order: {chosenIds.length === 0 ? 'none' : chosenIds.join(', ')}
      </Text>
      <AiSettingsDialog
        isOpen={isPickerOpen}
        onOpenChange={setPickerOpen}
        mode="single"
        selectedIds={chosenIds}
        onSelectionChange={setChosenIds}
      />
    </Box>
  )
}

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

const meta = {
  component: CreateAiSettingJourney,
  title: 'Flows/CreateAiSetting',
  decorators: [withClient, withRouter],
} satisfies Meta<typeof CreateAiSettingJourney>
export default meta
type Story = StoryObj<typeof meta>

const page = () => within(document.body)
// Saves wait for the refreshed user data; a loaded machine may take a few seconds.
const saveTimeout = { timeout: 5000 }

async function findDialog(name: string) {
  const dialog = await page().findByRole('dialog', { name })
  await waitFor(() => expect(dialog).toBeVisible())
  return within(dialog)
}

const settingsState = createMockState()

export const FromTheSettingsPage: Story = {
  args: { start: 'settings' },
  parameters: { msw: { handlers: createScenario('default', settingsState) } },
  play: async ({ canvas, step }) => {
    await step('Add New Settings opens a blank form', async () => {
      await canvas.findByRole('link', { name: 'Default AI' })
      await userEvent.click(canvas.getByRole('button', { name: 'Add New Settings' }))
      const form = await findDialog('Add New Settings')
      await expect(form.getByRole('textbox', { name: 'Name' })).toHaveValue(NEW_AI_SETTING_NAME)
    })
    const form = await findDialog('Add New Settings')
    await step('name and provider', async () => {
      const name = form.getByRole('textbox', { name: 'Name' })
      await userEvent.clear(name)
      await userEvent.type(name, 'Launch hype')
      await choose(form, 'Provider', 'OpenAI')
    })
    await step('the model, from the models the key lists', async () => {
      await userEvent.click(form.getByRole('button', { name: 'Fetch Models' }))
      const models = await findDialog('Fetch Models')
      await userEvent.type(models.getByLabelText('API Key'), 'sk-openai-launch-key')
      await userEvent.click(models.getByRole('button', { name: 'Fetch Models' }))
      await models.findByText('Step 2 of 2: choose a model from OpenAI.')
      await choose(models, 'Model', 'GPT-4o (gpt-4o)')
      await userEvent.click(models.getByRole('button', { name: 'Use Model' }))
      await waitFor(() => expect(page().queryByRole('dialog', { name: 'Fetch Models' })).toBeNull())
      await expect(form.getByRole('textbox', { name: 'Model' })).toHaveValue('gpt-4o')
      await expect(form.getByLabelText('API Key')).toHaveValue('sk-openai-launch-key')
    })
    await step('a preview of what it writes', async () => {
      await userEvent.click(form.getByRole('button', { name: 'Generate preview' }))
      await expect(await form.findByRole('status', { name: 'Preview text' }, saveTimeout)).toHaveTextContent(
        'Great point. We saw the same thing: the first honest reply did more for us than a week of posts.',
      )
    })
    await step('saved: in the table, its key stored and shown masked', async () => {
      await userEvent.click(form.getByRole('button', { name: 'Save' }))
      await expect(await canvas.findByText(AI_SETTING_CREATED, {}, saveTimeout)).toBeVisible()
      const saved = settingsState.aiSettings.find((setting) => setting.name === 'Launch hype')
      await expect(saved).toMatchObject({
        provider: 'openai',
        model: 'gpt-4o',
        apiKey: 'sk-openai-launch-key',
      })
      await userEvent.click(await canvas.findByRole('link', { name: 'Launch hype' }))
      const details = await findDialog('Launch hype')
      const valueFor = (term: string) => details.getByText(term, { selector: 'dt' }).nextElementSibling
      await expect(valueFor('Provider')).toHaveTextContent('OpenAI')
      await expect(valueFor('Model')).toHaveTextContent('gpt-4o')
      await expect(valueFor('API Key')).toHaveTextContent(maskApiKey('sk-openai-launch-key'))
      await removeStaleAnnouncements()
    })
  },
}

const orderState = createMockState()

export const FromTheOrderFlow: Story = {
  args: { start: 'order' },
  parameters: { msw: { handlers: createScenario('default', orderState) } },
  play: async ({ canvas, step }) => {
    await userEvent.click(canvas.getByRole('button', { name: 'AI Settings' }))
    const picker = await findDialog(SELECT_ONE_AI_SETTING)
    await step('Add New walks the wizard: provider, key, model', async () => {
      await userEvent.click(await picker.findByRole('button', { name: 'Add New' }))
      const wizard = await findDialog('Add AI Provider')
      await userEvent.click(wizard.getByRole('radio', { name: /^DeepSeek/ }))
      await userEvent.click(wizard.getByRole('button', { name: 'Next' }))
      await userEvent.type(wizard.getByLabelText('API Key'), 'sk-deepseek-order-key')
      await userEvent.click(wizard.getByRole('button', { name: 'Fetch Models' }))
      await wizard.findByText('Step 3 of 3: choose a model from DeepSeek.')
      await choose(wizard, 'Model', 'DeepSeek Reasoner (deepseek-reasoner)')
      await userEvent.click(wizard.getByRole('button', { name: 'Create Setting' }))
      await waitFor(
        () => expect(page().queryByRole('dialog', { name: 'Add AI Provider' })).toBeNull(),
        saveTimeout,
      )
    })
    const created = orderState.aiSettings.at(-1)
    await step('saved at once and chosen for the order', async () => {
      await expect(created).toMatchObject({
        name: NEW_AI_SETTING_NAME,
        provider: 'deepseek',
        model: 'deepseek-reasoner',
        apiKey: 'sk-deepseek-order-key',
      })
      await expect(await picker.findByRole('radio', { name: /^New AI Settings/ })).toBeChecked()
    })
    await step('renamed inline, previewed, and saved with Save Settings', async () => {
      await userEvent.click(picker.getByRole('button', { name: 'Edit New AI Settings' }))
      const editor = within(picker.getByRole('form', { name: 'Edit New AI Settings' }))
      const name = editor.getByRole('textbox', { name: 'Name' })
      await userEvent.clear(name)
      await userEvent.type(name, 'Reasoned replies')
      await userEvent.click(editor.getByRole('button', { name: 'Generate preview' }))
      await expect(await editor.findByRole('status', { name: 'Preview text' }, saveTimeout)).toBeVisible()
      await userEvent.click(picker.getByRole('button', { name: 'Save Settings' }))
      await expect(await picker.findByText(AI_SETTINGS_SAVED, {}, saveTimeout)).toBeVisible()
      await expect(orderState.aiSettings.at(-1)?.name).toBe('Reasoned replies')
      // The key was not sent back in clear: the stored one stays.
      await expect(orderState.aiSettings.at(-1)?.apiKey).toBe('sk-deepseek-order-key')
    })
    await step('Done: the order carries it; the settings page is a link away', async () => {
      await expect(picker.getByRole('link', { name: 'Manage AI settings' })).toHaveAttribute(
        'href',
        '/settings',
      )
      await userEvent.click(picker.getByRole('button', { name: 'Done' }))
      await waitFor(() => expect(page().queryByRole('dialog')).toBeNull())
      await expect(canvas.getByText(`Chosen for this order: ${created?.id ?? ''}`)).toBeVisible()
      await removeStaleAnnouncements()
    })
  },
}
