import { useMemo, type ReactNode } from 'react'
import { ADD_FUNDS, INSUFFICIENT_BALANCE, MESSAGE_CLEAR_MS, OPEN_AI_SETTINGS } from '@engage/contract'
import { isApiError } from '@engage/client'
import { Link, useToast } from '@engage/ui'

/** The wallet, where a customer short of balance adds funds. */
const WALLET_PATH = '/wallet'
/** The AI Settings tab, where a key is added to a setting. */
const AI_SETTINGS_PATH = '/settings?tab=ai'

/** True when the server refused an AI order because no key could write it (the field is the order's setting). */
function isAiKeyMissing(error: unknown): boolean {
  return isApiError(error) && error.status === 422 && error.field === 'ai_settings'
}

/** True when the server refused for want of balance (402 'Insufficient balance'). */
function isInsufficientBalance(error: unknown): boolean {
  return isApiError(error) && (error.status === 402 || error.detail === INSUFFICIENT_BALANCE)
}

/** A refusal with the way to set it right beside it. */
function messageWithLink(detail: string, href: string, linkText: string): ReactNode {
  return (
    <>
      <span>{detail}</span> <Link href={href}>{linkText}</Link>
    </>
  )
}

/**
 * The toasts of the order screens: green for success, red for a failure with the server's detail or the
 * spec's fallback text for the action; each clears after 5 s. A refusal of one field shows its message alone
 * ('Quantity must be between 100 - 10,000'), without the API's field name in front. 'Insufficient balance'
 * offers the wallet, and an AI order no key can write offers the AI settings; both stay until closed, as a
 * toast with something to press must not leave before it can be reached.
 */
export function useOrderMessages() {
  const toast = useToast()
  return useMemo(
    () => ({
      success: (text: string) => toast.success(text, { timeout: MESSAGE_CLEAR_MS }),
      error: (text: string) => toast.error(text, { timeout: MESSAGE_CLEAR_MS }),
      failure: (error: unknown, fallback: string) => {
        if (isInsufficientBalance(error) && isApiError(error)) {
          return toast.error(messageWithLink(error.detail, WALLET_PATH, ADD_FUNDS), { timeout: 0 })
        }
        if (isAiKeyMissing(error) && isApiError(error)) {
          const detail = error.fieldMessage ?? error.detail
          return toast.error(messageWithLink(detail, AI_SETTINGS_PATH, OPEN_AI_SETTINGS), { timeout: 0 })
        }
        return toast.error(isApiError(error) ? (error.fieldMessage ?? error.detail) : fallback, {
          timeout: MESSAGE_CLEAR_MS,
        })
      },
    }),
    [toast],
  )
}
