import { useMemo } from 'react'
import { MESSAGE_CLEAR_MS } from '@engage/contract'
import { isApiError } from '@engage/client'
import { useToast } from '@engage/ui'

/**
 * The toasts of the order screens: green for success, red for a failure with the server's detail or the
 * spec's fallback text for the action; each clears after 5 s. A refusal of one field shows its message alone
 * ('Quantity must be between 100 - 10,000'), without the API's field name in front.
 */
export function useOrderMessages() {
  const toast = useToast()
  return useMemo(
    () => ({
      success: (text: string) => toast.success(text, { timeout: MESSAGE_CLEAR_MS }),
      error: (text: string) => toast.error(text, { timeout: MESSAGE_CLEAR_MS }),
      failure: (error: unknown, fallback: string) =>
        toast.error(isApiError(error) ? (error.fieldMessage ?? error.detail) : fallback, {
          timeout: MESSAGE_CLEAR_MS,
        }),
    }),
    [toast],
  )
}
