import type { Meta, StoryObj } from '@storybook/react-vite'
import { expect, fn, userEvent, waitFor, within } from 'storybook/test'
import {
  AI_SETTING_NAME_REQUIRED,
  createBlankAiSettingForm,
  TEMPERATURE_RANGE_MESSAGE,
} from '@engage/contract'
import { normaliseAiSetting } from '@engage/client'
import { FIXTURE_NOW, fixtureAiSettings, handlers, scenarios } from '@engage/mocks'
import { AiSettingForm } from '@engage/screens'
import { Box } from '@engage/ui'
import { removeStaleAnnouncements } from '../support/announcements'
import { withClient, withRouter } from '../support/decorators'
import { recordBodies } from '../support/requests'
import { choose } from '../support/select'

/** The customer's own OpenAI setting, as the panel reads it: its key masked. */
const launchReplies = normaliseAiSetting(
  fixtureAiSettings().find((setting) => setting.name === 'Launch replies'),
  FIXTURE_NOW,
)

/** The sample the mock preview writes for comments. */
const SAMPLE_COMMENT =
  'Great point. We saw the same thing: the first honest reply did more for us than a week of posts.'

const meta = {
  component: AiSettingForm,
  title: 'Screens/AiSettingForm',
  decorators: [
    (Story) => (
      <Box padding="large" maxWidth="medium">
        <Story />
      </Box>
    ),
    withClient,
    withRouter,
  ],
  args: { setting: launchReplies, onSubmit: fn(), onCancel: fn(), submitLabel: 'Save Changes' },
  parameters: { msw: { handlers: scenarios.default } },
} satisfies Meta<typeof AiSettingForm>
export default meta
type Story = StoryObj<typeof meta>

type Canvas = ReturnType<typeof within>

function form(canvas: Canvas, name = 'Launch replies') {
  return within(canvas.getByRole('form', { name }))
}

export const Default: Story = {
  play: async ({ canvas }) => {
    const fields = form(canvas)
    await expect(fields.getByRole('textbox', { name: 'Name' })).toHaveValue('Launch replies')
    await expect(fields.getByRole('combobox', { name: 'Provider' })).toHaveDisplayValue('OpenAI')
    await expect(fields.getByRole('textbox', { name: 'Model' })).toHaveValue('gpt-4o-mini')
    await expect(fields.getByRole('textbox', { name: 'Temperature' })).toHaveValue('0.9')
    await expect(fields.getByRole('textbox', { name: 'Temperature' })).toHaveAccessibleDescription(
      'From 0 to 2, in steps of 0.1',
    )
    await expect(fields.getByRole('textbox', { name: 'Max Tokens' })).toHaveValue('280')
    await expect(fields.getByRole('textbox', { name: 'System Prompt' })).toHaveValue(
      'You reply to tweets about product launches with genuine enthusiasm and one concrete detail.',
    )
    // The stored key is never shown: only its mask.
    const apiKey = canvas.getByLabelText('API Key')
    await expect(apiKey).toHaveAttribute('type', 'password')
    await expect((apiKey as HTMLInputElement).value).not.toContain('sk-proj')
    await expect(fields.getByText('One sample text written with these settings.')).toBeVisible()
    await expect(fields.getByRole('button', { name: 'Generate preview' })).toBeEnabled()
    await expect(fields.getByRole('button', { name: 'Fetch Models' })).toBeEnabled()
  },
}

/** A blank setting: 'Name is required' on save, and nothing is saved. */
export const Empty: Story = {
  name: 'Empty (a new setting)',
  args: {
    setting: createBlankAiSettingForm('story-new-setting', FIXTURE_NOW),
    'aria-label': 'New AI setting',
    submitLabel: 'Create',
  },
  play: async ({ canvas, args }) => {
    const fields = form(canvas, 'New AI setting')
    const name = fields.getByRole('textbox', { name: 'Name' })
    await userEvent.clear(name)
    await userEvent.click(fields.getByRole('button', { name: 'Create' }))
    await expect(await fields.findByText(AI_SETTING_NAME_REQUIRED)).toBeVisible()
    await expect(name).toHaveAccessibleDescription('Name is required')
    await expect(args.onSubmit).not.toHaveBeenCalled()
  },
}

const previewBodies: unknown[] = []

/** 'Generate preview' writes one sample with the values as they stand, the masked key standing for the stored one. */
export const GeneratePreview: Story = {
  beforeEach: () => {
    previewBodies.length = 0
  },
  parameters: {
    msw: {
      handlers: [recordBodies('aiPreview', previewBodies), ...scenarios.default],
    },
  },
  play: async ({ canvas, args }) => {
    const fields = form(canvas)
    const temperature = fields.getByRole('textbox', { name: 'Temperature' })
    await userEvent.clear(temperature)
    await userEvent.type(temperature, '1.2')
    await userEvent.tab()
    await userEvent.click(fields.getByRole('button', { name: 'Generate preview' }))
    const preview = await fields.findByRole('status', { name: 'Preview text' })
    await expect(preview).toHaveTextContent(SAMPLE_COMMENT)
    await expect(previewBodies).toHaveLength(1)
    await expect(previewBodies[0]).toMatchObject({
      name: 'Launch replies',
      provider: 'openai',
      model: 'gpt-4o-mini',
      temperature: 1.2,
      maxTokens: 280,
      apiKey: null,
    })
    // A preview saves nothing.
    await expect(args.onSubmit).not.toHaveBeenCalled()
  },
}

/** The preview waits for the provider: the button shows it is busy. */
export const Loading: Story = {
  name: 'Loading (preview being written)',
  parameters: { msw: { handlers: [handlers.aiPreview.loading(), ...scenarios.default] } },
  play: async ({ canvas }) => {
    const fields = form(canvas)
    await userEvent.click(fields.getByRole('button', { name: 'Generate preview' }))
    await waitFor(() =>
      expect(fields.getByRole('button', { name: /Generate preview/ })).toHaveAttribute(
        'aria-disabled',
        'true',
      ),
    )
    await expect(fields.queryByRole('status', { name: 'Preview text' })).toBeNull()
  },
}

/** The provider refuses: its reason, keys removed by the server, in an alert. */
export const ServerError: Story = {
  name: 'ServerError (preview refused)',
  parameters: {
    msw: {
      handlers: [
        handlers.aiPreview.failure('Failed to generate texts: the provider refused the key', 502),
        ...scenarios.default,
      ],
    },
  },
  play: async ({ canvas }) => {
    const fields = form(canvas)
    await userEvent.click(fields.getByRole('button', { name: 'Generate preview' }))
    await expect(await fields.findByRole('alert')).toHaveTextContent(
      'Failed to generate texts: the provider refused the key',
    )
    await expect(fields.queryByRole('status', { name: 'Preview text' })).toBeNull()
  },
}

/** Temperature runs from 0 to 2: 2.5 is refused with the spec's text, and no preview is asked. */
export const TemperatureOutOfRange: Story = {
  play: async ({ canvas, args }) => {
    const fields = form(canvas)
    const temperature = fields.getByRole('textbox', { name: 'Temperature' })
    await userEvent.clear(temperature)
    await userEvent.type(temperature, '2.5')
    await userEvent.tab()
    await expect(await fields.findByText(TEMPERATURE_RANGE_MESSAGE)).toBeVisible()
    await userEvent.click(fields.getByRole('button', { name: 'Generate preview' }))
    await expect(fields.queryByRole('status', { name: 'Preview text' })).toBeNull()
    await userEvent.click(fields.getByRole('button', { name: 'Save Changes' }))
    await expect(args.onSubmit).not.toHaveBeenCalled()
  },
}

export const SaveAndCancel: Story = {
  name: 'Save Changes passes the edited setting; Cancel calls back',
  play: async ({ canvas, args }) => {
    const fields = form(canvas)
    const name = fields.getByRole('textbox', { name: 'Name' })
    await userEvent.clear(name)
    await userEvent.type(name, 'Launch replies v2')
    await userEvent.click(fields.getByRole('button', { name: 'Save Changes' }))
    await waitFor(() => expect(args.onSubmit).toHaveBeenCalledTimes(1))
    await expect(args.onSubmit).toHaveBeenCalledWith(
      expect.objectContaining({
        id: launchReplies.id,
        name: 'Launch replies v2',
        model: 'gpt-4o-mini',
        temperature: 0.9,
        lastUsed: launchReplies.lastUsed,
      }),
    )
    await userEvent.click(fields.getByRole('button', { name: 'Cancel' }))
    await expect(args.onCancel).toHaveBeenCalledTimes(1)
    await removeStaleAnnouncements()
  },
}

/** Inline editing (a mass order item): each change reports the setting, or null while a field is invalid. */
export const InlineEditing: Story = {
  args: { onSubmit: undefined, onCancel: undefined, onValuesChange: fn() },
  play: async ({ canvas, args }) => {
    const fields = form(canvas)
    await expect(fields.queryByRole('button', { name: 'Save Changes' })).toBeNull()
    await expect(fields.queryByRole('button', { name: 'Cancel' })).toBeNull()
    const name = fields.getByRole('textbox', { name: 'Name' })
    await userEvent.clear(name)
    await waitFor(() => expect(args.onValuesChange).toHaveBeenLastCalledWith(null))
    await userEvent.type(name, 'Replies')
    await waitFor(() =>
      expect(args.onValuesChange).toHaveBeenLastCalledWith(expect.objectContaining({ name: 'Replies' })),
    )
  },
}

/** Fetch Models lists the provider's models; the chosen one fills Model, and its key the API Key field. */
export const FetchModels: Story = {
  play: async ({ canvas }) => {
    const fields = form(canvas)
    await userEvent.click(fields.getByRole('button', { name: 'Fetch Models' }))
    const page = within(document.body)
    const dialogElement = await page.findByRole('dialog', { name: 'Fetch Models' })
    await waitFor(() => expect(dialogElement).toBeVisible())
    const dialog = within(dialogElement)
    await expect(dialog.getByText('Step 1 of 2: enter your OpenAI API key.')).toBeVisible()
    await userEvent.type(dialog.getByLabelText('API Key'), 'sk-openai-story')
    await userEvent.click(dialog.getByRole('button', { name: 'Fetch Models' }))
    await dialog.findByText('Step 2 of 2: choose a model from OpenAI.')
    await choose(dialog, 'Model', 'GPT-4o (gpt-4o)')
    await userEvent.click(dialog.getByRole('button', { name: 'Use Model' }))
    await waitFor(() => expect(page.queryByRole('dialog')).toBeNull())
    await expect(fields.getByRole('textbox', { name: 'Model' })).toHaveValue('gpt-4o')
    await expect(canvas.getByLabelText('API Key')).toHaveValue('sk-openai-story')
    await removeStaleAnnouncements()
  },
}
