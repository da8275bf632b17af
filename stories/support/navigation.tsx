import type { Decorator } from '@storybook/react-vite'
import { RouterProvider } from 'react-aria-components'

/**
 * Wraps a story in a react-aria RouterProvider whose navigations go to `navigate` (a `fn()` spy), so a play
 * function can assert where each link leads: `expect(navigate).toHaveBeenLastCalledWith('/auth', undefined)`.
 * The story's `beforeEach` clears the spy.
 */
export function withNavigationSpy(navigate: (path: string, routerOptions: undefined) => void): Decorator {
  return function NavigationSpy(Story) {
    return (
      <RouterProvider navigate={navigate}>
        <Story />
      </RouterProvider>
    )
  }
}
