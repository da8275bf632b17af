import type { Meta, StoryObj } from '@storybook/react-vite'
import { expect, userEvent, waitFor, within } from 'storybook/test'
import { EMAIL_ALREADY_REGISTERED, EMAIL_INVALID, INTERNAL_SERVER_ERROR } from '@engage/contract'
import { createMockState, createScenario, fixtureProfile, handlers, scenarios } from '@engage/mocks'
import { PROFILE_SAVED, UserInfoForm } from '@engage/screens'
import { Box } from '@engage/ui'
import { removeStaleAnnouncements } from '../support/announcements'
import { withClient } from '../support/decorators'
import { choose, optionLabels } from '../support/select'

const meta = {
  component: UserInfoForm,
  title: 'Screens/UserInfoForm',
  decorators: [
    (Story) => (
      <Box padding="large">
        <Story />
      </Box>
    ),
    withClient,
  ],
  parameters: { msw: { handlers: scenarios.default } },
} satisfies Meta<typeof UserInfoForm>
export default meta
type Story = StoryObj<typeof meta>

type Canvas = ReturnType<typeof within>

// Saving waits for the refreshed user; a loaded machine may take a few seconds.
const saveTimeout = { timeout: 5000 }

/** The value shown for a term of the read-only view. */
function valueOf(canvas: Canvas, term: string) {
  return canvas.getByText(term, { selector: 'dt' }).nextElementSibling
}

async function startEditing(canvas: Canvas) {
  await userEvent.click(await canvas.findByRole('button', { name: 'Edit' }))
  return within(canvas.getByRole('form', { name: 'User information' }))
}

export const Default: Story = {
  play: async ({ canvas }) => {
    await waitFor(() => expect(valueOf(canvas, 'Email')).toHaveTextContent(fixtureProfile.email))
    const terms = canvas.getAllByRole('term').map((term) => term.textContent)
    await expect(terms).toEqual(['Username', 'Email', 'Phone', 'Timezone'])
    await expect(valueOf(canvas, 'Username')).toHaveTextContent('alex.morgan')
    await expect(valueOf(canvas, 'Phone')).toHaveTextContent('+1 415 555 0134')
    await expect(valueOf(canvas, 'Timezone')).toHaveTextContent('PST')
    // Read-only until Edit.
    await expect(canvas.queryByRole('textbox')).toBeNull()
    await expect(canvas.getByRole('button', { name: 'Edit' })).toBeEnabled()
  },
}

export const Loading: Story = {
  parameters: { msw: { handlers: scenarios.loading } },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('progressbar', { name: 'Loading your information' })).toBeInTheDocument()
    await expect(canvas.queryByRole('button', { name: 'Edit' })).toBeNull()
  },
}

function stateWithoutPhone() {
  const state = createMockState({ empty: true })
  state.profile.phone = ''
  return state
}

export const Empty: Story = {
  name: 'Empty (no phone yet)',
  parameters: { msw: { handlers: createScenario('empty', stateWithoutPhone()) } },
  play: async ({ canvas }) => {
    await waitFor(() => expect(valueOf(canvas, 'Phone')).toHaveTextContent('Not set'))
    const form = await startEditing(canvas)
    await expect(form.getByRole('textbox', { name: 'Phone' })).toHaveValue('')
  },
}

export const ServerError: Story = {
  parameters: { msw: { handlers: scenarios.serverError } },
  play: async ({ canvas }) => {
    await expect(await canvas.findByRole('alert')).toHaveTextContent(INTERNAL_SERVER_ERROR)
    await expect(canvas.queryByRole('button', { name: 'Edit' })).toBeNull()
  },
}

const saveState = createMockState()

export const EditAndSave: Story = {
  name: 'Edit, then Save Changes',
  parameters: { msw: { handlers: createScenario('default', saveState) } },
  play: async ({ canvas, step }) => {
    await step('Edit shows Email, Phone and Timezone with the current values, and Cancel', async () => {
      const form = await startEditing(canvas)
      await expect(form.getByRole('textbox', { name: 'Email' })).toHaveValue(fixtureProfile.email)
      await expect(form.getByRole('textbox', { name: 'Phone' })).toHaveValue(fixtureProfile.phone)
      await expect(form.getByRole('combobox', { name: 'Timezone' })).toHaveDisplayValue('PST')
      await expect(form.getByRole('button', { name: 'Cancel' })).toBeEnabled()
    })
    await step('the timezones are UTC, EST and PST', async () => {
      await expect(optionLabels(canvas.getByRole('combobox', { name: 'Timezone' }))).toEqual([
        'UTC',
        'EST',
        'PST',
      ])
      await choose(canvas, 'Timezone', 'UTC')
    })
    await step('Save Changes stores them and shows the information again', async () => {
      const email = canvas.getByRole('textbox', { name: 'Email' })
      await userEvent.clear(email)
      await userEvent.type(email, 'alex@example.org')
      await userEvent.click(canvas.getByRole('button', { name: 'Save Changes' }))
      await expect(await canvas.findByText(PROFILE_SAVED, {}, saveTimeout)).toBeVisible()
      await expect(canvas.getByText('Your information has been saved')).toBeVisible()
      await expect(saveState.profile).toMatchObject({
        email: 'alex@example.org',
        phone: fixtureProfile.phone,
        timezone: 'UTC',
      })
      await waitFor(() => expect(valueOf(canvas, 'Email')).toHaveTextContent('alex@example.org'))
      await expect(valueOf(canvas, 'Timezone')).toHaveTextContent('UTC')
      await expect(canvas.queryByRole('form', { name: 'User information' })).toBeNull()
    })
    await step('the saved note can be dismissed', async () => {
      await userEvent.click(canvas.getByRole('button', { name: 'Dismiss' }))
      await expect(canvas.queryByText(PROFILE_SAVED)).toBeNull()
      // The pending Save Changes button is gone: its announcement must not outlive it.
      await removeStaleAnnouncements()
    })
  },
}

export const InvalidEmail: Story = {
  name: 'An invalid email is refused by the field',
  play: async ({ canvas }) => {
    const form = await startEditing(canvas)
    const email = form.getByRole('textbox', { name: 'Email' })
    await userEvent.clear(email)
    await userEvent.type(email, 'alex.morgan')
    await userEvent.tab()
    await expect(await form.findByText(EMAIL_INVALID)).toBeVisible()
    await expect(email).toHaveAccessibleDescription('Please enter a valid email address')
    await expect(email).toHaveAttribute('aria-invalid', 'true')
    // Save Changes does not leave the form while a field is invalid.
    await userEvent.click(form.getByRole('button', { name: 'Save Changes' }))
    await expect(canvas.getByRole('form', { name: 'User information' })).toBeVisible()
    await expect(canvas.queryByText(PROFILE_SAVED)).toBeNull()
  },
}

export const Cancel: Story = {
  name: 'Cancel keeps the old values',
  play: async ({ canvas }) => {
    const form = await startEditing(canvas)
    const phone = form.getByRole('textbox', { name: 'Phone' })
    await userEvent.clear(phone)
    await userEvent.type(phone, '+44 20 7946 0000')
    await userEvent.click(form.getByRole('button', { name: 'Cancel' }))
    await expect(valueOf(canvas, 'Phone')).toHaveTextContent(fixtureProfile.phone)
    await expect(canvas.queryByRole('textbox')).toBeNull()
  },
}

export const SaveRefused: Story = {
  name: 'A refused save shows the server’s detail',
  parameters: {
    msw: {
      handlers: [
        handlers.updateProfile.failure(`email: ${EMAIL_ALREADY_REGISTERED}`, 409, 'email'),
        ...scenarios.default,
      ],
    },
  },
  play: async ({ canvas }) => {
    const form = await startEditing(canvas)
    await userEvent.click(form.getByRole('button', { name: 'Save Changes' }))
    await expect(await canvas.findByRole('alert')).toHaveTextContent(`email: ${EMAIL_ALREADY_REGISTERED}`)
    await expect(form.getByRole('textbox', { name: 'Email' })).toHaveAccessibleDescription(
      'An account with this email already exists',
    )
    // The form stays, with what was typed.
    await expect(form.getByRole('textbox', { name: 'Email' })).toHaveValue(fixtureProfile.email)
  },
}
