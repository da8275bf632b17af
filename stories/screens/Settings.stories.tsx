import type { Meta, StoryObj } from '@storybook/react-vite'
import { http } from 'msw'
import { expect, userEvent, waitFor, within } from 'storybook/test'
import {
  AI_SETTING_NAME_REQUIRED,
  API_KEY_REQUIRED,
  DELETE_FAILED,
  EMAIL_INVALID,
  EMAIL_ALREADY_REGISTERED,
  FAILED_TO_CREATE_SETTING,
  FAILED_TO_DELETE_AI_SETTING,
  FAILED_TO_FETCH_MODELS,
  FAILED_TO_SAVE_SETTINGS,
  NEW_AI_SETTING_NAME,
  NO_SAVED_AI_KEY,
  noAiKeyToLend,
  TEMPERATURE_RANGE_MESSAGE,
} from '@engage/contract'
import { createMockState, createScenario, fixtureAiSettings, handlers, scenarios } from '@engage/mocks'
import {
  AI_SETTING_CREATED,
  AI_SETTING_DELETED,
  AI_SETTING_UPDATED,
  NO_AI_SETTINGS,
  PROFILE_SAVED,
  Settings,
} from '@engage/screens'
import { Box } from '@engage/ui'
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

const meta = {
  component: Settings,
  title: 'Screens/Settings',
  decorators: [
    (Story) => (
      <Box padding="large">
        <Story />
      </Box>
    ),
    withClient,
    withRouter,
  ],
  parameters: { msw: { handlers: scenarios.default } },
} satisfies Meta<typeof Settings>
export default meta
type Story = StoryObj<typeof meta>

type Canvas = ReturnType<typeof within>

const page = () => within(document.body)
// Saving waits for the refreshed user; a loaded machine may take a few seconds.
const saveTimeout = { timeout: 5000 }

/** The value shown for a term of the user information. */
function valueOf(canvas: Canvas, term: string) {
  return canvas.getByText(term, { selector: 'dt' }).nextElementSibling
}

async function findDialog(name: string) {
  const dialog = await page().findByRole('dialog', { name })
  await waitFor(() => expect(dialog).toBeVisible())
  return within(dialog)
}

async function findAiTable(canvas: Canvas) {
  const table = await canvas.findByRole('grid', { name: 'AI settings' })
  await within(table).findByRole('link', { name: 'Default AI' })
  return within(table)
}

// ---- User Information ---------------------------------------------------------------------------------------

export const Default: Story = {
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('heading', { level: 1, name: 'Settings' })).toBeVisible()
    const tabs = canvas.getAllByRole('tab')
    // The spec's two tabs come first (the API keys tab follows them).
    await expect(tabs.slice(0, 2).map((tab) => tab.textContent)).toEqual(['User Information', 'AI Settings'])
    await expect(canvas.getByRole('tab', { name: 'User Information' })).toHaveAttribute(
      'aria-selected',
      'true',
    )
    await waitFor(() => expect(valueOf(canvas, 'Email')).toHaveTextContent('alex.morgan@example.com'))
    await expect(valueOf(canvas, 'Username')).toHaveTextContent('alex.morgan')
    await expect(valueOf(canvas, 'Phone')).toHaveTextContent('+1 415 555 0134')
    await expect(valueOf(canvas, 'Timezone')).toHaveTextContent('PST')
    // Read-only until Edit.
    await expect(canvas.queryByRole('textbox')).toBeNull()
    await expect(canvas.getByRole('button', { name: 'Edit' })).toBeVisible()
  },
}

export const ChangePasswordLink: Story = {
  name: 'User Information leads to Change Password',
  play: async ({ canvas }) => {
    const section = await canvas.findByRole('region', { name: 'Password' })
    await expect(within(section).getByRole('link', { name: 'Change Password' })).toHaveAttribute(
      'href',
      '/auth?mode=change',
    )
  },
}

export const Loading: Story = {
  parameters: { msw: { handlers: scenarios.loading } },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('progressbar', { name: 'Loading your information' })).toBeInTheDocument()
  },
}

export const Empty: Story = {
  name: 'Empty (no AI settings)',
  args: { defaultTab: 'ai' },
  parameters: { msw: { handlers: scenarios.empty } },
  play: async ({ canvas }) => {
    await expect(await canvas.findByText(NO_AI_SETTINGS)).toBeVisible()
    await expect(canvas.getByRole('button', { name: 'Add New Settings' })).toBeEnabled()
  },
}

export const ServerError: Story = {
  parameters: { msw: { handlers: scenarios.serverError } },
  play: async ({ canvas }) => {
    await expect(await canvas.findByRole('alert')).toHaveTextContent('Internal server error')
  },
}

const profileBodies: unknown[] = []
const profileState = createMockState()

export const EditAndSave: Story = {
  name: 'User information: view, edit, save',
  beforeEach: () => {
    profileBodies.length = 0
  },
  parameters: {
    msw: {
      handlers: [
        http.put('*/api/user/profile', async ({ request }) => {
          profileBodies.push(await request.clone().json())
          return undefined
        }),
        ...createScenario('default', profileState),
      ],
    },
  },
  play: async ({ canvas, step }) => {
    await step('Edit shows Email, Phone and Timezone with the current values', async () => {
      await userEvent.click(await canvas.findByRole('button', { name: 'Edit' }))
      const form = within(canvas.getByRole('form', { name: 'User information' }))
      await expect(form.getByRole('textbox', { name: 'Email' })).toHaveValue('alex.morgan@example.com')
      await expect(form.getByRole('textbox', { name: 'Phone' })).toHaveValue('+1 415 555 0134')
      await expect(form.getByRole('combobox', { name: 'Timezone' })).toHaveDisplayValue('PST')
      await expect(form.getByRole('button', { name: 'Cancel' })).toBeVisible()
    })
    await step('an invalid email is refused by the field', async () => {
      const email = canvas.getByRole('textbox', { name: 'Email' })
      await userEvent.clear(email)
      await userEvent.type(email, 'alex.morgan')
      await userEvent.tab()
      await expect(await canvas.findByText(EMAIL_INVALID)).toBeVisible()
      await userEvent.type(email, '@example.org')
    })
    await step('the timezones are UTC, EST and PST', async () => {
      await expect(optionLabels(canvas.getByRole('combobox', { name: 'Timezone' }))).toEqual([
        'UTC',
        'EST',
        'PST',
      ])
      await choose(canvas, 'Timezone', 'EST')
    })
    await step('Save Changes stores them and shows the information again', async () => {
      const phone = canvas.getByRole('textbox', { name: 'Phone' })
      await userEvent.clear(phone)
      await userEvent.type(phone, '+44 20 7946 0000')
      await userEvent.click(canvas.getByRole('button', { name: 'Save Changes' }))
      await expect(await canvas.findByText(PROFILE_SAVED, {}, saveTimeout)).toBeVisible()
      await expect(profileBodies).toEqual([
        { email: 'alex.morgan@example.org', phone: '+44 20 7946 0000', timezone: 'EST' },
      ])
      await expect(valueOf(canvas, 'Email')).toHaveTextContent('alex.morgan@example.org')
      await expect(valueOf(canvas, 'Phone')).toHaveTextContent('+44 20 7946 0000')
      await expect(valueOf(canvas, 'Timezone')).toHaveTextContent('EST')
      await expect(canvas.queryByRole('form', { name: 'User information' })).toBeNull()
      await removeStaleAnnouncements()
    })
  },
}

export const EditAndCancel: Story = {
  name: 'User information: cancel keeps the old values',
  play: async ({ canvas }) => {
    await userEvent.click(await canvas.findByRole('button', { name: 'Edit' }))
    const email = canvas.getByRole('textbox', { name: 'Email' })
    await userEvent.clear(email)
    await userEvent.type(email, 'someone@example.org')
    await userEvent.click(canvas.getByRole('button', { name: 'Cancel' }))
    await expect(valueOf(canvas, 'Email')).toHaveTextContent('alex.morgan@example.com')
    await expect(canvas.queryByRole('textbox', { name: 'Email' })).toBeNull()
  },
}

export const SaveRefused: Story = {
  name: 'User information: a refused save shows the server’s detail',
  parameters: {
    msw: {
      handlers: [
        handlers.updateProfile.failure(`email: ${EMAIL_ALREADY_REGISTERED}`, 409, 'email'),
        ...scenarios.default,
      ],
    },
  },
  play: async ({ canvas }) => {
    await userEvent.click(await canvas.findByRole('button', { name: 'Edit' }))
    await userEvent.click(canvas.getByRole('button', { name: 'Save Changes' }))
    await expect(await canvas.findByRole('alert')).toHaveTextContent(`email: ${EMAIL_ALREADY_REGISTERED}`)
    await expect(canvas.getByRole('textbox', { name: 'Email' })).toHaveAccessibleDescription(
      EMAIL_ALREADY_REGISTERED,
    )
  },
}

// ---- AI Settings --------------------------------------------------------------------------------------------

export const AiSettingsTab: Story = {
  args: { defaultTab: 'ai' },
  play: async ({ canvas }) => {
    const table = await findAiTable(canvas)
    const headers = () => table.getAllByRole('columnheader').map((header) => header.textContent)
    await waitFor(() =>
      expect(headers()).toEqual(['Name', 'Model', 'Temp', 'Tokens', 'Last Used', 'Actions']),
    )
    const row = table.getByRole('link', { name: 'Launch replies' }).closest<HTMLElement>('[role="row"]')
    const cells = [...(row?.querySelectorAll('[role="rowheader"], [role="gridcell"]') ?? [])]
    await expect(cells.slice(0, 4).map((cell) => cell.textContent)).toEqual([
      'Launch replies',
      'gpt-4o-mini',
      '0.9',
      '280',
    ])
    await expect(table.getByRole('button', { name: 'Edit Launch replies' })).toBeVisible()
    await expect(table.getByRole('button', { name: 'Delete Launch replies' })).toBeVisible()
  },
}

export const AiSettingDetails: Story = {
  name: 'AI settings: the details dialog',
  args: { defaultTab: 'ai' },
  play: async ({ canvas }) => {
    const table = await findAiTable(canvas)
    await userEvent.click(table.getByRole('link', { name: 'Launch replies' }))
    const dialog = await findDialog('Launch replies')
    const valueFor = (term: string) => dialog.getByText(term, { selector: 'dt' }).nextElementSibling
    await expect(valueFor('Provider')).toHaveTextContent('OpenAI')
    await expect(valueFor('Model')).toHaveTextContent('gpt-4o-mini')
    await expect(valueFor('Temperature')).toHaveTextContent('0.9')
    await expect(valueFor('Max Tokens')).toHaveTextContent('280')
    await expect(valueFor('Top P')).toHaveTextContent('0.95')
    // The stored key shows masked.
    const launchReplies = fixtureAiSettings().find((setting) => setting.name === 'Launch replies')
    await expect(launchReplies?.apiKey).toMatch(/^•{8}\w{4}$/)
    await expect(valueFor('API Key')).toHaveTextContent(launchReplies?.apiKey ?? '')
    await userEvent.click(dialog.getByRole('button', { name: 'Edit' }))
    await findDialog('Edit AI Settings')
  },
}

export const AiSettingDetailsWithoutKey: Story = {
  name: 'AI settings: a setting saved without a key runs on the key the panel lends for its provider',
  args: { defaultTab: 'ai' },
  play: async ({ canvas }) => {
    const table = await findAiTable(canvas)
    await userEvent.click(table.getByRole('link', { name: 'Default AI' }))
    const dialog = await findDialog('Default AI')
    const apiKey = dialog.getByText('API Key', { selector: 'dt' }).nextElementSibling
    await expect(apiKey).toHaveTextContent(NO_SAVED_AI_KEY)
    await expect(dialog.queryByText(/operator's default key/)).toBeNull()
  },
}

// A panel without its own DeepSeek key: the presets, saved without a key, cannot run, and say so.
const noPanelKeyState = createMockState()
noPanelKeyState.aiProvidersWithPanelKey = []

export const AiSettingDetailsNothingToLend: Story = {
  name: 'AI settings: a setting without a key on a panel with none to lend says orders are refused',
  args: { defaultTab: 'ai' },
  parameters: { msw: { handlers: createScenario('default', noPanelKeyState) } },
  play: async ({ canvas }) => {
    const table = await findAiTable(canvas)
    await userEvent.click(table.getByRole('link', { name: 'Default AI' }))
    const dialog = await findDialog('Default AI')
    const apiKey = dialog.getByText('API Key', { selector: 'dt' }).nextElementSibling
    await expect(apiKey).toHaveTextContent(noAiKeyToLend('DeepSeek'))
    await expect(dialog.queryByText(NO_SAVED_AI_KEY)).toBeNull()
  },
}

const addState = createMockState()

export const AddNewSettings: Story = {
  name: 'AI settings: add, with validation',
  args: { defaultTab: 'ai' },
  parameters: { msw: { handlers: createScenario('default', addState) } },
  play: async ({ canvas, step }) => {
    await findAiTable(canvas)
    await userEvent.click(canvas.getByRole('button', { name: 'Add New Settings' }))
    const dialog = await findDialog('Add New Settings')
    await step('a blank form: New AI Settings, max tokens 1000', async () => {
      await expect(dialog.getByRole('textbox', { name: 'Name' })).toHaveValue(NEW_AI_SETTING_NAME)
      await expect(dialog.getByRole('textbox', { name: 'Max Tokens' })).toHaveValue('1,000')
      await expect(dialog.getByRole('textbox', { name: 'Temperature' })).toHaveValue('0.7')
    })
    await step('the name is required', async () => {
      await userEvent.clear(dialog.getByRole('textbox', { name: 'Name' }))
      await userEvent.click(dialog.getByRole('button', { name: 'Save' }))
      await expect(await dialog.findByText(AI_SETTING_NAME_REQUIRED)).toBeVisible()
      await userEvent.type(dialog.getByRole('textbox', { name: 'Name' }), 'Product tweets')
    })
    await step('the temperature is 0 to 2 in steps of 0.1', async () => {
      const temperature = dialog.getByRole('textbox', { name: 'Temperature' })
      // The field takes no minus sign: below 0 cannot be typed.
      for (const text of ['2.1', '3', '0.75']) {
        await userEvent.clear(temperature)
        await userEvent.type(temperature, text)
        await userEvent.tab()
        await expect(await dialog.findByText(TEMPERATURE_RANGE_MESSAGE)).toBeVisible()
      }
      for (const text of ['2', '0', '1.3']) {
        await userEvent.clear(temperature)
        await userEvent.type(temperature, text)
        await userEvent.tab()
        await waitFor(() => expect(dialog.queryByText(TEMPERATURE_RANGE_MESSAGE)).toBeNull())
      }
    })
    await step('Save creates it', async () => {
      await userEvent.click(dialog.getByRole('button', { name: 'Save' }))
      await expect(await canvas.findByText(AI_SETTING_CREATED, {}, saveTimeout)).toBeVisible()
      await expect(addState.aiSettings.at(-1)).toMatchObject({
        name: 'Product tweets',
        temperature: 1.3,
        maxTokens: 1000,
        provider: 'deepseek',
        model: 'deepseek-chat',
      })
      await expect(await canvas.findByRole('link', { name: 'Product tweets' })).toBeVisible()
      await removeStaleAnnouncements()
    })
  },
}

const editState = createMockState()

export const EditSetting: Story = {
  name: 'AI settings: edit',
  args: { defaultTab: 'ai' },
  parameters: { msw: { handlers: createScenario('default', editState) } },
  play: async ({ canvas }) => {
    const table = await findAiTable(canvas)
    await userEvent.click(table.getByRole('button', { name: 'Edit Reasoner' }))
    const dialog = await findDialog('Edit AI Settings')
    const temperature = dialog.getByRole('textbox', { name: 'Temperature' })
    await userEvent.clear(temperature)
    await userEvent.type(temperature, '1.1')
    await userEvent.click(dialog.getByRole('button', { name: 'Save' }))
    await expect(await canvas.findByText(AI_SETTING_UPDATED, {}, saveTimeout)).toBeVisible()
    await expect(editState.aiSettings.find((setting) => setting.id === 'reasoner')?.temperature).toBe(1.1)
    const row = canvas.getByRole('link', { name: 'Reasoner' }).closest<HTMLElement>('[role="row"]')
    await expect(within(row ?? document.body).getByText('1.1')).toBeVisible()
    await removeStaleAnnouncements()
  },
}

export const SaveFailures: Story = {
  name: 'AI settings: save failures',
  args: { defaultTab: 'ai' },
  parameters: { msw: { handlers: [handlers.saveAiSettings.failure(), ...scenarios.default] } },
  play: async ({ canvas, step }) => {
    const table = await findAiTable(canvas)
    await step('editing: Failed to save settings', async () => {
      await userEvent.click(table.getByRole('button', { name: 'Edit Reasoner' }))
      const dialog = await findDialog('Edit AI Settings')
      await userEvent.click(dialog.getByRole('button', { name: 'Save' }))
      const alert = await dialog.findByRole('alert')
      await expect(alert).toHaveTextContent(FAILED_TO_SAVE_SETTINGS)
      await expect(alert).toHaveTextContent('Internal server error')
      await userEvent.click(dialog.getByRole('button', { name: 'Cancel' }))
    })
    await step('adding: Failed to create new setting', async () => {
      await userEvent.click(canvas.getByRole('button', { name: 'Add New Settings' }))
      const dialog = await findDialog('Add New Settings')
      await userEvent.click(dialog.getByRole('button', { name: 'Save' }))
      await expect(await dialog.findByRole('alert')).toHaveTextContent(FAILED_TO_CREATE_SETTING)
      await userEvent.click(dialog.getByRole('button', { name: 'Cancel' }))
      await removeStaleAnnouncements()
    })
  },
}

const deleteState = createMockState()

export const DeleteWithConfirmation: Story = {
  name: 'AI settings: delete after a confirmation',
  args: { defaultTab: 'ai' },
  parameters: { msw: { handlers: createScenario('default', deleteState) } },
  play: async ({ canvas, step }) => {
    const table = await findAiTable(canvas)
    await step('Cancel keeps it', async () => {
      await userEvent.click(table.getByRole('button', { name: 'Delete Reasoner' }))
      const alertDialog = await page().findByRole('alertdialog', { name: 'Delete AI setting?' })
      await waitFor(() => expect(alertDialog).toBeVisible())
      const confirm = within(alertDialog)
      await expect(confirm.getByText('"Reasoner" will be removed from your AI settings.')).toBeVisible()
      await userEvent.click(confirm.getByRole('button', { name: 'Cancel' }))
      await expect(table.getByRole('link', { name: 'Reasoner' })).toBeVisible()
    })
    await step('Delete removes it', async () => {
      await userEvent.click(table.getByRole('button', { name: 'Delete Reasoner' }))
      const confirm = within(await page().findByRole('alertdialog', { name: 'Delete AI setting?' }))
      await userEvent.click(confirm.getByRole('button', { name: 'Delete' }))
      await expect(await canvas.findByText(AI_SETTING_DELETED, {}, saveTimeout)).toBeVisible()
      await waitFor(() => expect(canvas.queryByRole('link', { name: 'Reasoner' })).toBeNull())
      await expect(deleteState.aiSettings.map((setting) => setting.id)).not.toContain('reasoner')
    })
  },
}

export const DeleteFailure: Story = {
  name: 'AI settings: delete failure, with the server’s detail',
  args: { defaultTab: 'ai' },
  parameters: {
    msw: { handlers: [handlers.deleteAiSetting.failure('AI setting is in use', 409), ...scenarios.default] },
  },
  play: async ({ canvas }) => {
    const table = await findAiTable(canvas)
    await userEvent.click(table.getByRole('button', { name: 'Delete Reasoner' }))
    const confirm = within(await page().findByRole('alertdialog', { name: 'Delete AI setting?' }))
    await userEvent.click(confirm.getByRole('button', { name: 'Delete' }))
    const alert = await canvas.findByRole('alert')
    await expect(alert).toHaveTextContent(DELETE_FAILED)
    await expect(alert).toHaveTextContent('AI setting is in use')
    await expect(table.getByRole('link', { name: 'Reasoner' })).toBeVisible()
  },
}

export const DeleteFailureWithoutDetail: Story = {
  name: 'AI settings: delete failure without an answer',
  args: { defaultTab: 'ai' },
  parameters: { msw: { handlers: [handlers.deleteAiSetting.networkError(), ...scenarios.default] } },
  play: async ({ canvas }) => {
    const table = await findAiTable(canvas)
    await userEvent.click(table.getByRole('button', { name: 'Delete Reasoner' }))
    const confirm = within(await page().findByRole('alertdialog', { name: 'Delete AI setting?' }))
    await userEvent.click(confirm.getByRole('button', { name: 'Delete' }))
    const alert = await canvas.findByRole('alert', {}, saveTimeout)
    await expect(alert).toHaveTextContent(DELETE_FAILED)
    await expect(alert).toHaveTextContent(FAILED_TO_DELETE_AI_SETTING)
  },
}

export const FetchModelsFromTheForm: Story = {
  name: 'AI settings: the fetch-models dialog fills the model',
  args: { defaultTab: 'ai' },
  play: async ({ canvas, step }) => {
    const table = await findAiTable(canvas)
    await userEvent.click(table.getByRole('button', { name: 'Edit Launch replies' }))
    const form = await findDialog('Edit AI Settings')
    await userEvent.click(form.getByRole('button', { name: 'Fetch Models' }))
    const dialog = await findDialog('Fetch Models')
    await step('an empty key: Please enter your API key', async () => {
      await userEvent.click(dialog.getByRole('button', { name: 'Fetch Models' }))
      await expect(await dialog.findByText(API_KEY_REQUIRED)).toBeVisible()
    })
    await step('the key lists the models; Back returns to the key', async () => {
      await userEvent.type(dialog.getByLabelText('API Key'), 'sk-openai-test')
      await userEvent.click(dialog.getByRole('button', { name: 'Fetch Models' }))
      await dialog.findByText('Step 2 of 2: choose a model from OpenAI.')
      await userEvent.click(dialog.getByRole('button', { name: 'Back' }))
      await expect(dialog.getByLabelText('API Key')).toHaveValue('sk-openai-test')
      await userEvent.click(dialog.getByRole('button', { name: 'Fetch Models' }))
      await dialog.findByText('Step 2 of 2: choose a model from OpenAI.')
    })
    await step('the chosen model goes into the form', async () => {
      await choose(dialog, 'Model', 'GPT-4o (gpt-4o)')
      await userEvent.click(dialog.getByRole('button', { name: 'Use Model' }))
      await waitFor(() => expect(page().queryByRole('dialog', { name: 'Fetch Models' })).toBeNull())
      await expect(form.getByRole('textbox', { name: 'Model' })).toHaveValue('gpt-4o')
      await removeStaleAnnouncements()
    })
  },
}

export const FetchModelsFailure: Story = {
  name: 'AI settings: Failed to fetch models, with the server’s reason',
  args: { defaultTab: 'ai' },
  parameters: {
    msw: {
      handlers: [
        handlers.fetchModels.failure(`${FAILED_TO_FETCH_MODELS}: Incorrect API key provided`, 400),
        ...scenarios.default,
      ],
    },
  },
  play: async ({ canvas }) => {
    const table = await findAiTable(canvas)
    await userEvent.click(table.getByRole('button', { name: 'Edit Launch replies' }))
    const form = await findDialog('Edit AI Settings')
    await userEvent.click(form.getByRole('button', { name: 'Fetch Models' }))
    const dialog = await findDialog('Fetch Models')
    await userEvent.type(dialog.getByLabelText('API Key'), 'sk-wrong')
    await userEvent.click(dialog.getByRole('button', { name: 'Fetch Models' }))
    const alert = await dialog.findByRole('alert')
    await expect(alert).toHaveTextContent(FAILED_TO_FETCH_MODELS)
    await expect(alert).toHaveTextContent('Incorrect API key provided')
  },
}

// ---- API ------------------------------------------------------------------------------------------------------

export const ApiTab: Story = {
  name: 'API: keys and the usage guide (ApiKeysPanel has the states)',
  args: { defaultTab: 'api', apiOrigin: 'https://panel.example' },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('tab', { name: 'API' })).toHaveAttribute('aria-selected', 'true')
    await expect(await canvas.findByRole('grid', { name: 'API keys' })).toBeVisible()
    await expect(await canvas.findByText('Reseller panel')).toBeVisible()
    await expect(canvas.getByText(/action=balance/).textContent).toContain('https://panel.example/api/v2')
  },
}

// ---- Notifications ----------------------------------------------------------------------------------------

export const NotificationsTab: Story = {
  args: { defaultTab: 'notifications' },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('tab', { name: 'Notifications' })).toHaveAttribute('aria-selected', 'true')
    await expect(await canvas.findByRole('heading', { name: 'E-mail me when' })).toBeVisible()
    await expect(canvas.getByRole('heading', { name: 'Low balance alert' })).toBeVisible()
  },
}
