import { Button, Link, Stack, Text } from '@engage/ui'
import { WIDGET_PANEL_LINK, WIDGET_TRY_AGAIN, WIDGET_UNAVAILABLE } from './options'
import { unavailable } from './OrderWidget.css'

export interface WidgetUnavailableProps {
  /** The panel's dashboard, where the customer can order without the widget. */
  panelLink: string
  /** Tries again at once (the widget also tries again by itself, with growing waits). */
  onRetry: () => void
  /** A try is under way. */
  isRetrying: boolean
}

/**
 * What the widget shows in place of the form while the service list cannot be loaded: a compact message, a link
 * into the panel and a button to try again, never a blank select with a live Order button.
 */
export function WidgetUnavailable({ panelLink, onRetry, isRetrying }: WidgetUnavailableProps) {
  return (
    <div role="alert" part="unavailable" className={unavailable}>
      <Stack gap="medium">
        <Text>{WIDGET_UNAVAILABLE}</Text>
        <Stack direction="row" gap="large" alignItems="center" wrap>
          <Link href={panelLink} variant="standalone">
            {WIDGET_PANEL_LINK}
          </Link>
          <Button tone="secondary" size="small" onPress={onRetry} isPending={isRetrying}>
            {WIDGET_TRY_AGAIN}
          </Button>
        </Stack>
      </Stack>
    </div>
  )
}
