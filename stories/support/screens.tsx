import type { Decorator } from '@storybook/react-vite'
import { Box, type BoxProps } from '@engage/ui'
import { withClient, withRouter } from './decorators'
import { withToasts } from './toasts'

/**
 * The frame of a screen that places, lists or changes orders, as the panel gives it: the screen in a padded box
 * (`frame`), a fresh toast region, the API client and the recording router. Pair it with
 * `beforeEach: clearLiveAnnouncements` (announcements.ts).
 */
export function orderScreenDecorators(frame: Omit<BoxProps, 'children'> = { padding: 'large' }): Decorator[] {
  return [
    (Story) => (
      <Box {...frame}>
        <Story />
      </Box>
    ),
    withToasts,
    withClient,
    withRouter,
  ]
}
