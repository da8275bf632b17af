import { isApiError } from '@engage/client'
import { Banner, Button, Stack } from '@engage/ui'

/** The server's `detail` of a failed call, or the error's text. */
export function errorDetail(error: unknown): string {
  if (isApiError(error)) return error.detail
  return error instanceof Error ? error.message : String(error)
}

export interface AdminErrorBannerProps {
  /** What failed ('Failed to load the services'). */
  title: string
  error: unknown
  /** When given, a Try again button calls it. */
  onRetry?: () => void
  /** When given, the banner can be dismissed. */
  onDismiss?: () => void
}

/** A failed load or action: what failed, the server's detail, and Try again for a load. */
export function AdminErrorBanner({ title, error, onRetry, onDismiss }: AdminErrorBannerProps) {
  return (
    <Banner tone="error" title={title} onDismiss={onDismiss}>
      <Stack gap="small" alignItems="flex-start">
        <span>{errorDetail(error)}</span>
        {onRetry ? (
          <Button tone="secondary" size="small" onPress={onRetry}>
            Try again
          </Button>
        ) : null}
      </Stack>
    </Banner>
  )
}
