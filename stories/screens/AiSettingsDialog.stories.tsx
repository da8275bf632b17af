import type { Meta, StoryObj } from '@storybook/react-vite'
import { useState } from 'react'
import { http } from 'msw'
import { expect, fn, userEvent, waitFor, within } from 'storybook/test'
import {
  aiSettingCannotRun,
  FAILED_TO_CREATE_SETTING,
  FAILED_TO_SAVE_SETTINGS,
  NEW_AI_SETTING_NAME,
  SELECT_ONE_AI_SETTING,
} from '@engage/contract'
import { createMockState, createScenario, handlers, scenarios } from '@engage/mocks'
import {
  AI_SETTINGS_SAVED,
  AiSettingsDialog,
  SELECT_AI_SETTINGS,
  type AiSettingsDialogProps,
} from '@engage/screens'
import { Box, Button, Stack, Text } from '@engage/ui'
import { withClient, withRouter } from '../support/decorators'
import { choose } from '../support/select'

// The picker as a page uses it: the page owns the open state and the chosen ids.
function PickerPage(args: AiSettingsDialogProps) {
  const [isOpen, setOpen] = useState(args.isOpen)
  const [selectedIds, setSelectedIds] = useState<string[]>([...args.selectedIds])
  return (
    <Box padding="xlarge">
      <Stack gap="medium" alignItems="flex-start">
        <Button onPress={() => setOpen(true)}>Choose AI settings</Button>
        <Text>Chosen: {selectedIds.length === 0 ? 'none' : selectedIds.join(', ')}</Text>
      </Stack>
      <AiSettingsDialog
        {...args}
        isOpen={isOpen}
        onOpenChange={(open) => {
          setOpen(open)
          args.onOpenChange(open)
        }}
        selectedIds={selectedIds}
        onSelectionChange={(ids) => {
          setSelectedIds(ids)
          args.onSelectionChange(ids)
        }}
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
  component: AiSettingsDialog,
  title: 'Screens/AiSettingsDialog',
  decorators: [withClient, withRouter],
  render: (args) => <PickerPage {...args} />,
  args: {
    isOpen: true,
    mode: 'single',
    selectedIds: ['default'],
    onOpenChange: fn(),
    onSelectionChange: fn(),
  },
  argTypes: { mode: { control: 'inline-radio', options: ['single', 'multiple'] } },
  parameters: { msw: { handlers: scenarios.default } },
} satisfies Meta<typeof AiSettingsDialog>
export default meta
type Story = StoryObj<typeof meta>

const page = () => within(document.body)

async function findPicker(title = SELECT_ONE_AI_SETTING) {
  const dialog = await page().findByRole('dialog', { name: title })
  // The overlay fades in; assertions on visibility wait for it.
  await waitFor(() => expect(dialog).toBeVisible())
  return within(dialog)
}

export const Default: Story = {
  play: async ({ args, step }) => {
    const dialog = await findPicker()
    await step('the user’s settings, one at a time, with the current choice checked', async () => {
      const group = await dialog.findByRole('radiogroup', { name: 'AI settings' })
      const radios = within(group).getAllByRole('radio')
      await expect(radios).toHaveLength(3)
      await expect(within(group).getByRole('radio', { name: /^Default AI/ })).toBeChecked()
      await expect(within(group).getByText('deepseek-reasoner · DeepSeek · temperature 0.7')).toBeVisible()
    })
    await step('choosing another replaces the choice', async () => {
      await userEvent.click(dialog.getByRole('radio', { name: /^Reasoner/ }))
      await expect(args.onSelectionChange).toHaveBeenLastCalledWith(['reasoner'])
      await expect(dialog.getByRole('radio', { name: /^Reasoner/ })).toBeChecked()
      await expect(dialog.getByRole('radio', { name: /^Default AI/ })).not.toBeChecked()
    })
    await step('a link leads to the settings page to manage configurations', async () => {
      await expect(dialog.getByRole('link', { name: 'Manage AI settings' })).toHaveAttribute(
        'href',
        '/settings',
      )
    })
    await step('Done closes the dialog', async () => {
      await expect(dialog.getByRole('button', { name: 'Save Settings' })).toBeDisabled()
      await userEvent.click(dialog.getByRole('button', { name: 'Done' }))
      await waitFor(() => expect(page().queryByRole('dialog')).not.toBeInTheDocument())
      await expect(page().getByText('Chosen: reasoner')).toBeVisible()
    })
  },
}

export const MultipleMode: Story = {
  args: { mode: 'multiple', selectedIds: [] },
  play: async ({ args }) => {
    const dialog = await findPicker(SELECT_AI_SETTINGS)
    const group = await dialog.findByRole('group', { name: 'AI settings' })
    await userEvent.click(await within(group).findByRole('checkbox', { name: /^Default AI/ }))
    await userEvent.click(within(group).getByRole('checkbox', { name: /^Launch replies/ }))
    await expect(args.onSelectionChange).toHaveBeenLastCalledWith([
      'default',
      '5f0e8c2a-3b1d-4e6f-9a7b-2c4d6e8f0a1b',
    ])
    // A second press toggles it off again.
    await userEvent.click(within(group).getByRole('checkbox', { name: /^Default AI/ }))
    await expect(args.onSelectionChange).toHaveBeenLastCalledWith(['5f0e8c2a-3b1d-4e6f-9a7b-2c4d6e8f0a1b'])
    await expect(within(group).getByRole('checkbox', { name: /^Default AI/ })).not.toBeChecked()
    await expect(within(group).getByRole('checkbox', { name: /^Launch replies/ })).toBeChecked()
  },
}

export const Loading: Story = {
  parameters: { msw: { handlers: [handlers.getMe.loading(), ...scenarios.default] } },
  play: async () => {
    const dialog = await findPicker()
    await waitFor(() =>
      expect(dialog.getByRole('progressbar', { name: 'Loading AI settings' })).toBeVisible(),
    )
  },
}

export const Empty: Story = {
  args: { selectedIds: [] },
  parameters: { msw: { handlers: scenarios.empty } },
  play: async () => {
    const dialog = await findPicker()
    await expect(await dialog.findByText('No AI settings yet. Add one with Add New.')).toBeVisible()
    await expect(dialog.getByRole('button', { name: 'Add New' })).toBeEnabled()
  },
}

export const ServerError: Story = {
  parameters: { msw: { handlers: scenarios.serverError } },
  play: async () => {
    const dialog = await findPicker()
    await expect(await dialog.findByRole('alert')).toHaveTextContent('Internal server error')
  },
}

// A panel without its own DeepSeek key: the presets (DeepSeek, no key of their own) are marked as unable to run;
// Launch replies, with the customer's OpenAI key, is not.
const noPanelKeyState = createMockState()
noPanelKeyState.aiProvidersWithPanelKey = []

export const SettingsThatCannotRun: Story = {
  parameters: { msw: { handlers: createScenario('default', noPanelKeyState) } },
  play: async () => {
    const dialog = await findPicker()
    const group = await dialog.findByRole('radiogroup', { name: 'AI settings' })
    const cannotRun = aiSettingCannotRun('DeepSeek')
    for (const name of [/^Default AI/, /^Reasoner/]) {
      await expect(within(group).getByRole('radio', { name })).toHaveAccessibleName(
        expect.stringContaining(cannotRun),
      )
    }
    await expect(within(group).getByRole('radio', { name: /^Launch replies/ })).not.toHaveAccessibleName(
      expect.stringContaining('Cannot run'),
    )
  },
}

// The demo panel lends its DeepSeek key: nothing is marked.
export const EverySettingCanRun: Story = {
  play: async () => {
    const dialog = await findPicker()
    await dialog.findByRole('radiogroup', { name: 'AI settings' })
    await expect(dialog.queryByText(/^Cannot run/)).toBeNull()
  },
}

const savedBodies: unknown[] = []
const editState = createMockState()

export const EditInlineAndSaveTogether: Story = {
  beforeEach: () => {
    savedBodies.length = 0
  },
  parameters: {
    msw: {
      handlers: [
        http.put('*/api/user/ai-settings', async ({ request }) => {
          savedBodies.push(await request.clone().json())
          return undefined
        }),
        ...createScenario('default', editState),
      ],
    },
  },
  play: async ({ step }) => {
    const dialog = await findPicker()
    await step('two entries edited inline', async () => {
      await userEvent.click(await dialog.findByRole('button', { name: 'Edit Default AI' }))
      const first = within(dialog.getByRole('form', { name: 'Edit Default AI' }))
      await userEvent.clear(first.getByRole('textbox', { name: 'Name' }))
      await userEvent.type(first.getByRole('textbox', { name: 'Name' }), 'Witty')
      await userEvent.click(dialog.getByRole('button', { name: 'Edit Reasoner' }))
      const second = within(dialog.getByRole('form', { name: 'Edit Reasoner' }))
      const temperature = second.getByRole('textbox', { name: 'Temperature' })
      await userEvent.clear(temperature)
      await userEvent.type(temperature, '1.2')
      await userEvent.tab()
    })
    await step('an invalid entry keeps Save Settings disabled', async () => {
      const first = within(dialog.getByRole('form', { name: 'Edit Default AI' }))
      await userEvent.clear(first.getByRole('textbox', { name: 'Name' }))
      await userEvent.tab()
      await expect(first.getByText('Name is required')).toBeVisible()
      await expect(dialog.getByRole('button', { name: 'Save Settings' })).toBeDisabled()
      await userEvent.type(first.getByRole('textbox', { name: 'Name' }), 'Witty')
    })
    await step('Save Settings saves both in one call', async () => {
      await userEvent.click(dialog.getByRole('button', { name: 'Save Settings' }))
      // Saving waits for the refreshed user data, which a loaded machine may take a while to answer.
      await expect(await dialog.findByText(AI_SETTINGS_SAVED, {}, { timeout: 5000 })).toBeVisible()
      await expect(savedBodies).toHaveLength(1)
      await expect(savedBodies[0]).toEqual([
        expect.objectContaining({ id: 'default', name: 'Witty', temperature: 0.7 }),
        expect.objectContaining({ id: 'reasoner', name: 'Reasoner', temperature: 1.2 }),
      ])
      await expect(await dialog.findByRole('radio', { name: /^Witty/ })).toBeChecked()
      await expect(dialog.getByText('deepseek-reasoner · DeepSeek · temperature 1.2')).toBeVisible()
    })
  },
}

export const SaveFailure: Story = {
  parameters: {
    msw: { handlers: [handlers.saveAiSettings.failure(), ...scenarios.default] },
  },
  play: async () => {
    const dialog = await findPicker()
    await userEvent.click(await dialog.findByRole('button', { name: 'Edit Reasoner' }))
    const form = within(dialog.getByRole('form', { name: 'Edit Reasoner' }))
    await userEvent.type(form.getByRole('textbox', { name: 'Name' }), '2')
    await userEvent.click(dialog.getByRole('button', { name: 'Save Settings' }))
    const alert = await dialog.findByRole('alert')
    await expect(alert).toHaveTextContent(FAILED_TO_SAVE_SETTINGS)
    await expect(alert).toHaveTextContent('Internal server error')
  },
}

async function walkTheWizard() {
  const wizard = within(await page().findByRole('dialog', { name: 'Add AI Provider' }))
  await userEvent.click(wizard.getByRole('radio', { name: /^DeepSeek/ }))
  await userEvent.click(wizard.getByRole('button', { name: 'Next' }))
  await userEvent.type(wizard.getByLabelText('API Key'), 'sk-deepseek-test-key')
  await userEvent.click(wizard.getByRole('button', { name: 'Fetch Models' }))
  await wizard.findByText('Step 3 of 3: choose a model from DeepSeek.')
  await choose(wizard, 'Model', 'DeepSeek Reasoner (deepseek-reasoner)')
  await userEvent.click(wizard.getByRole('button', { name: 'Create Setting' }))
  return wizard
}

const createState = createMockState()

export const CreateThroughTheWizard: Story = {
  parameters: { msw: { handlers: createScenario('default', createState) } },
  play: async ({ args }) => {
    const dialog = await findPicker()
    await userEvent.click(await dialog.findByRole('button', { name: 'Add New' }))
    await walkTheWizard()
    await waitFor(() => expect(page().queryByRole('dialog', { name: 'Add AI Provider' })).toBeNull())
    const created = createState.aiSettings.at(-1)
    await expect(created).toMatchObject({
      name: NEW_AI_SETTING_NAME,
      provider: 'deepseek',
      model: 'deepseek-reasoner',
      apiKey: 'sk-deepseek-test-key',
      maxTokens: 500,
    })
    // Saved at once, and chosen.
    await expect(args.onSelectionChange).toHaveBeenLastCalledWith([created?.id])
    await expect(await dialog.findByRole('radio', { name: /^New AI Settings/ })).toBeChecked()
    await removeStaleAnnouncements()
  },
}

export const CreateFailure: Story = {
  parameters: {
    msw: { handlers: [handlers.saveAiSettings.failure('Too many AI settings', 400), ...scenarios.default] },
  },
  play: async () => {
    const dialog = await findPicker()
    await userEvent.click(await dialog.findByRole('button', { name: 'Add New' }))
    const wizard = await walkTheWizard()
    const alert = await wizard.findByRole('alert')
    await expect(alert).toHaveTextContent(FAILED_TO_CREATE_SETTING)
    await expect(alert).toHaveTextContent('Too many AI settings')
    await removeStaleAnnouncements()
  },
}

export const GeneratePreview: Story = {
  play: async () => {
    const dialog = await findPicker()
    await userEvent.click(await dialog.findByRole('button', { name: 'Edit Launch replies' }))
    const form = within(dialog.getByRole('form', { name: 'Edit Launch replies' }))
    await userEvent.click(form.getByRole('button', { name: 'Generate preview' }))
    await expect(await form.findByRole('status', { name: 'Preview text' })).toHaveTextContent(
      'Great point. We saw the same thing: the first honest reply did more for us than a week of posts.',
    )
  },
}

export const GeneratePreviewFailure: Story = {
  parameters: {
    msw: {
      handlers: [
        handlers.aiPreview.failure('Failed to generate texts: the provider refused the key', 502),
        ...scenarios.default,
      ],
    },
  },
  play: async () => {
    const dialog = await findPicker()
    await userEvent.click(await dialog.findByRole('button', { name: 'Edit Launch replies' }))
    const form = within(dialog.getByRole('form', { name: 'Edit Launch replies' }))
    await userEvent.click(form.getByRole('button', { name: 'Generate preview' }))
    await expect(await form.findByRole('alert')).toHaveTextContent(
      'Failed to generate texts: the provider refused the key',
    )
  },
}
