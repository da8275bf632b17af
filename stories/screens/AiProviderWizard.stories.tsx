import type { Meta, StoryObj } from '@storybook/react-vite'
import { useState } from 'react'
import { expect, fn, userEvent, waitFor, within } from 'storybook/test'
import { AI_PROVIDERS, API_KEY_REQUIRED, FAILED_TO_FETCH_MODELS, MODEL_REQUIRED } from '@engage/contract'
import { handlers, scenarios } from '@engage/mocks'
import { AiProviderWizard, type AiProviderWizardProps } from '@engage/screens'
import { Box, Button } from '@engage/ui'
import { withClient, withRouter } from '../support/decorators'
import { choose } from '../support/select'

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

// The wizard as the AI settings dialog uses it: a button opens it.
function WizardPage(args: AiProviderWizardProps) {
  const [isOpen, setOpen] = useState(args.isOpen)
  return (
    <Box padding="xlarge">
      <Button onPress={() => setOpen(true)}>Add New</Button>
      <AiProviderWizard
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
  component: AiProviderWizard,
  title: 'Screens/AiProviderWizard',
  decorators: [withClient, withRouter],
  render: (args) => <WizardPage {...args} />,
  args: { isOpen: true, onOpenChange: fn(), onComplete: fn() },
  parameters: { msw: { handlers: scenarios.default } },
} satisfies Meta<typeof AiProviderWizard>
export default meta
type Story = StoryObj<typeof meta>

const page = () => within(document.body)

async function findWizard() {
  const wizard = await page().findByRole('dialog', { name: 'Add AI Provider' })
  await waitFor(() => expect(wizard).toBeVisible())
  return within(wizard)
}

type Wizard = Awaited<ReturnType<typeof findWizard>>

async function chooseProvider(wizard: Wizard, name: string) {
  await userEvent.click(wizard.getByRole('radio', { name: new RegExp(`^${name}`) }))
  await userEvent.click(wizard.getByRole('button', { name: 'Next' }))
  await wizard.findByLabelText('API Key')
}

async function fetchModels(wizard: Wizard, key: string) {
  if (key !== '') await userEvent.type(wizard.getByLabelText('API Key'), key)
  await userEvent.click(wizard.getByRole('button', { name: 'Fetch Models' }))
}

export const Default: Story = {
  name: 'Default (the provider step)',
  play: async () => {
    const wizard = await findWizard()
    await expect(wizard.getByText('Step 1 of 3: choose your AI provider.')).toBeVisible()
    const group = wizard.getByRole('radiogroup', { name: 'Provider' })
    const radios = within(group).getAllByRole('radio')
    await expect(radios.map((radio) => radio.getAttribute('value'))).toEqual(
      AI_PROVIDERS.map((provider) => provider.id),
    )
    for (const provider of AI_PROVIDERS) {
      await expect(within(group).getByText(provider.name)).toBeVisible()
      await expect(within(group).getByText(provider.description)).toBeVisible()
    }
    await expect(wizard.getByText('GPT models')).toBeVisible()
    await expect(wizard.getByText('chat and reasoner')).toBeVisible()
    await expect(wizard.getByText('multiple providers')).toBeVisible()
    await expect(wizard.getByText('open-source models')).toBeVisible()
    // Next waits for a choice.
    await expect(wizard.getByRole('button', { name: 'Next' })).toBeDisabled()
  },
}

export const ThreeStepsWithBack: Story = {
  name: 'Provider, key, model, with Back at each step',
  play: async ({ args, step }) => {
    const wizard = await findWizard()
    await step('Back from the key returns to the provider, still chosen', async () => {
      await chooseProvider(wizard, 'OpenAI')
      await expect(wizard.getByText('Step 2 of 3: enter your OpenAI API key.')).toBeVisible()
      await userEvent.click(wizard.getByRole('button', { name: 'Back' }))
      await expect(wizard.getByRole('radio', { name: /^OpenAI/ })).toBeChecked()
      await userEvent.click(wizard.getByRole('button', { name: 'Next' }))
    })
    await step('Back from the model returns to the key, still typed', async () => {
      await fetchModels(wizard, 'sk-openai-test')
      await wizard.findByText('Step 3 of 3: choose a model from OpenAI.')
      await userEvent.click(wizard.getByRole('button', { name: 'Back' }))
      await expect(wizard.getByLabelText('API Key')).toHaveValue('sk-openai-test')
      await fetchModels(wizard, '')
      await wizard.findByText('Step 3 of 3: choose a model from OpenAI.')
    })
    await step('the chosen provider, key and model complete the wizard', async () => {
      await choose(wizard, 'Model', 'GPT-4o mini (gpt-4o-mini)')
      await userEvent.click(wizard.getByRole('button', { name: 'Create Setting' }))
      await expect(args.onComplete).toHaveBeenCalledWith({
        provider: 'openai',
        apiKey: 'sk-openai-test',
        model: { id: 'gpt-4o-mini', name: 'GPT-4o mini', provider: 'openai' },
      })
      await removeStaleAnnouncements()
    })
  },
}

export const ValidationMessages: Story = {
  play: async ({ step }) => {
    const wizard = await findWizard()
    await chooseProvider(wizard, 'DeepSeek')
    await step('an empty key: Please enter your API key', async () => {
      await fetchModels(wizard, '')
      await expect(await wizard.findByText(API_KEY_REQUIRED)).toBeVisible()
    })
    await step('no model chosen: Please select a model', async () => {
      await fetchModels(wizard, 'sk-deepseek-test')
      await wizard.findByText('Step 3 of 3: choose a model from DeepSeek.')
      await userEvent.click(wizard.getByRole('button', { name: 'Create Setting' }))
      await expect(await wizard.findByText(MODEL_REQUIRED)).toBeVisible()
      await removeStaleAnnouncements()
    })
  },
}

export const OpenRouterKeyIsOptional: Story = {
  play: async () => {
    const wizard = await findWizard()
    await chooseProvider(wizard, 'OpenRouter')
    await fetchModels(wizard, '')
    await expect(await wizard.findByText('Step 3 of 3: choose a model from OpenRouter.')).toBeVisible()
    await expect(wizard.queryByText(API_KEY_REQUIRED)).toBeNull()
    await removeStaleAnnouncements()
  },
}

export const Loading: Story = {
  name: 'Loading (fetching the models)',
  parameters: { msw: { handlers: [handlers.fetchModels.loading(), ...scenarios.default] } },
  play: async () => {
    const wizard = await findWizard()
    await chooseProvider(wizard, 'Replicate')
    await fetchModels(wizard, 'r8_test')
    await expect(await wizard.findByRole('progressbar', { name: 'Fetching models' })).toBeInTheDocument()
  },
}

export const Empty: Story = {
  name: 'Empty (the key lists no models)',
  parameters: { msw: { handlers: [handlers.fetchModels.respond({ models: [] }), ...scenarios.default] } },
  play: async () => {
    const wizard = await findWizard()
    await chooseProvider(wizard, 'Replicate')
    await fetchModels(wizard, 'r8_test')
    await expect(await wizard.findByText('0 models available')).toBeVisible()
    await removeStaleAnnouncements()
  },
}

export const ServerError: Story = {
  name: 'ServerError (Failed to fetch models)',
  parameters: {
    msw: {
      handlers: [
        handlers.fetchModels.failure(`${FAILED_TO_FETCH_MODELS}: Invalid token`, 400),
        ...scenarios.default,
      ],
    },
  },
  play: async () => {
    const wizard = await findWizard()
    await chooseProvider(wizard, 'Replicate')
    await fetchModels(wizard, 'r8_wrong')
    const alert = await wizard.findByRole('alert')
    await expect(alert).toHaveTextContent(FAILED_TO_FETCH_MODELS)
    await expect(alert).toHaveTextContent('Invalid token')
  },
}

export const ClosingResets: Story = {
  name: 'Closing resets everything',
  play: async ({ args }) => {
    let wizard = await findWizard()
    await chooseProvider(wizard, 'DeepSeek')
    await userEvent.type(wizard.getByLabelText('API Key'), 'sk-deepseek-test')
    await userEvent.click(wizard.getByRole('button', { name: 'Close' }))
    await waitFor(() => expect(page().queryByRole('dialog')).toBeNull())
    await expect(args.onOpenChange).toHaveBeenLastCalledWith(false)
    await userEvent.click(page().getByRole('button', { name: 'Add New' }))
    wizard = await findWizard()
    await expect(wizard.getByText('Step 1 of 3: choose your AI provider.')).toBeVisible()
    for (const radio of wizard.getAllByRole('radio')) await expect(radio).not.toBeChecked()
    await chooseProvider(wizard, 'DeepSeek')
    await expect(wizard.getByLabelText('API Key')).toHaveValue('')
  },
}
