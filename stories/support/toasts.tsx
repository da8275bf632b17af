import type { Decorator } from '@storybook/react-vite'
import { useState } from 'react'
import { within } from 'storybook/test'
import { createToastQueue, ToastProvider } from '@engage/ui'

// Each story gets its own toast queue and region (bottom right), as the panel's root gives one to every page.
function StoryToasts({ children }: { children: React.ReactNode }) {
  const [queue] = useState(() => createToastQueue())
  return <ToastProvider queue={queue}>{children}</ToastProvider>
}

/** Wraps a story in a fresh toast queue and its 'Notifications' region. */
export const withToasts: Decorator = (Story) => (
  <StoryToasts>
    <Story />
  </StoryToasts>
)

/**
 * The toast that says `text`. Failures arrive after the client's retries (100 ms, then 200 ms), so toasts get a
 * little longer than the default second to appear.
 */
export async function findToast(text: string) {
  const region = await within(document.body).findByRole(
    'region',
    { name: 'Notifications' },
    { timeout: 3000 },
  )
  return within(region).findByText(text, {}, { timeout: 3000 })
}
