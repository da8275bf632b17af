import type { Decorator } from '@storybook/react-vite'
import { AdminClientProvider, createAdminClient } from '@engage/client'
import { Box } from '@engage/ui'
import { useState, type ReactNode } from 'react'
import { STORY_TOKEN, useStoryFetch } from '../../support/decorators'

function StoryAdminClient({ children }: { children: ReactNode }) {
  const fetch = useStoryFetch()
  const [client] = useState(() => createAdminClient({ baseUrl: '', getToken: () => STORY_TOKEN, fetch }))
  return <AdminClientProvider client={client}>{children}</AdminClientProvider>
}

/**
 * Gives a console screen its admin client (inside withClient's query cache); the story's
 * `parameters.msw.handlers` (adminScenarios from @engage/mocks) answer the calls.
 */
export const withAdminClient: Decorator = (Story) => (
  <StoryAdminClient>
    <Story />
  </StoryAdminClient>
)

/** A section shown alone, with the page's padding (the console gives it in the app). */
export const withPadding: Decorator = (Story) => (
  <Box padding={{ mobile: 'medium', tablet: 'xlarge' }}>
    <Story />
  </Box>
)

/** The page-wide queries of a story: dialogs and alert dialogs render outside the canvas. */
export const page = () => document.body

/**
 * A pending Button announces itself through react-aria's page-wide live region with a node labelled by the
 * button's id; once a dialog closes, the node points at nothing and the a11y check would report it. Stories
 * that close a dialog after a call call this at their end (the same rule as the Settings stories).
 */
export async function removeStaleAnnouncements() {
  await new Promise((resolve) => setTimeout(resolve, 150))
  for (const node of document.querySelectorAll('[data-live-announcer] [aria-labelledby]')) {
    const labelIds = (node.getAttribute('aria-labelledby') ?? '').split(' ')
    if (labelIds.some((id) => document.getElementById(id) === null)) node.remove()
  }
}

/** Waiting for a write's answer and the refreshed data: a loaded machine may take a few seconds. */
export const afterCall = { timeout: 5000 }
