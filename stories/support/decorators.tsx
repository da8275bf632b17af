import type { Decorator } from '@storybook/react-vite'
import { RouterProvider } from 'react-aria-components'
import { action } from 'storybook/actions'

// Screens link with plain hrefs (react-aria Links); the panel app turns them into router navigations through
// RouterProvider. In a story a click must not leave the story, so navigation is recorded as an action instead.
const navigate = action('navigate')

/** Wraps a story in a react-aria RouterProvider that records navigations instead of performing them. */
export const withRouter: Decorator = (Story) => (
  <RouterProvider navigate={(path) => navigate(path)}>
    <Story />
  </RouterProvider>
)
