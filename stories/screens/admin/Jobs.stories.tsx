import type { Meta, StoryObj } from '@storybook/react-vite'
import { expect, userEvent, waitFor, within } from 'storybook/test'
import { adminScenarios } from '@engage/mocks'
import { AdminJobs, NO_DEAD_JOBS } from '@engage/screens/admin'
import { withClient, withRouter } from '../../support/decorators'
import { afterCall, withAdminClient, withPadding } from './adminDecorators'

const meta = {
  component: AdminJobs,
  title: 'Admin/Jobs',
  decorators: [withPadding, withAdminClient, withClient, withRouter],
  parameters: { msw: { handlers: adminScenarios.default } },
} satisfies Meta<typeof AdminJobs>
export default meta
type Story = StoryObj<typeof meta>

/** The figure of a count card. */
function countOf(canvas: ReturnType<typeof within>, state: string) {
  return canvas.getByText(state, { selector: 'dt' }).nextElementSibling
}

export const Default: Story = {
  play: async ({ canvas }) => {
    const dead = within(await canvas.findByRole('grid', { name: 'Dead jobs' }))
    await expect(await dead.findByText(/Upstream timeout after 15000 ms/)).toBeVisible()
    await expect(dead.getByText(/OpenAI answered 429/)).toBeVisible()
    await expect(countOf(canvas, 'Done')).toHaveTextContent('1,284')
    await expect(countOf(canvas, 'Dead')).toHaveTextContent('2')
  },
}

export const Loading: Story = {
  parameters: { msw: { handlers: adminScenarios.loading } },
  play: async ({ canvas }) => {
    await expect(await canvas.findByRole('progressbar', { name: 'Loading jobs' })).toBeInTheDocument()
  },
}

export const Empty: Story = {
  parameters: { msw: { handlers: adminScenarios.empty } },
  play: async ({ canvas }) => {
    await expect(await canvas.findByText(NO_DEAD_JOBS)).toBeVisible()
  },
}

export const ServerError: Story = {
  parameters: { msw: { handlers: adminScenarios.serverError } },
  play: async ({ canvas }) => {
    await expect(await canvas.findByText('Failed to load the jobs')).toBeVisible()
  },
}

export const RetryAJob: Story = {
  name: 'Retry a dead job',
  play: async ({ canvas }) => {
    await canvas.findByRole('grid', { name: 'Dead jobs' })
    await userEvent.click(await canvas.findByRole('button', { name: 'Retry job 311' }))
    await expect(
      await canvas.findByText('Job 311 (Place order) is queued again', undefined, afterCall),
    ).toBeVisible()
    await waitFor(() => expect(countOf(canvas, 'Dead')).toHaveTextContent('1'), afterCall)
    await expect(countOf(canvas, 'Queued')).toHaveTextContent('4')
  },
}
