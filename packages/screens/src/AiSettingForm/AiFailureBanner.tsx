import { isApiError } from '@engage/client'
import { Banner } from '@engage/ui'

/**
 * The server's reason behind a failed AI call, without a repeated title: the server answers
 * 'Failed to fetch models: <reason>', the client falls back to the title itself when there is no answer.
 */
export function failureReason(error: unknown, title: string): string {
  const detail = isApiError(error) ? error.detail.trim() : ''
  const reason = detail.startsWith(`${title}: `) ? detail.slice(title.length + 2) : detail
  return reason === title ? '' : reason
}

export interface AiFailureBannerProps {
  /** The spec's text for the failed action ('Failed to save settings'). */
  title: string
  /** The rejected call's error; its detail is shown under the title. */
  error: unknown
  onDismiss?: () => void
}

/** An error banner: the spec's text, and the server's detail under it when there is one. */
export function AiFailureBanner({ title, error, onDismiss }: AiFailureBannerProps) {
  const reason = failureReason(error, title)
  return reason === '' ? (
    <Banner tone="error" onDismiss={onDismiss}>
      {title}
    </Banner>
  ) : (
    <Banner tone="error" title={title} onDismiss={onDismiss}>
      {reason}
    </Banner>
  )
}
