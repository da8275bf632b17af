import { useMemo, type ReactNode } from 'react'
import { ADD_FUNDS, INSUFFICIENT_BALANCE, MESSAGE_CLEAR_MS } from '@engage/contract'
import { isApiError } from '@engage/client'
import { Link, useToast } from '@engage/ui'

/** The wallet, where a customer short of balance adds funds. */
const WALLET_PATH = '/wallet'

/** True when the server refused for want of balance (402 'Insufficient balance'). */
function isInsufficientBalance(error: unknown): boolean {
  return isApiError(error) && (error.status === 402 || error.detail === INSUFFICIENT_BALANCE)
}

/** The refusal for want of balance, with the way to the wallet beside it. */
function insufficientBalanceMessage(detail: string): ReactNode {
  return (
    <>
      <span>{detail}</span> <Link href={WALLET_PATH}>{ADD_FUNDS}</Link>
    </>
  )
}

/**
 * The toasts of the order screens: green for success, red for a failure with the server's detail or the
 * spec's fallback text for the action; each clears after 5 s. A refusal of one field shows its message alone
 * ('Quantity must be between 100 - 10,000'), without the API's field name in front. 'Insufficient balance'
 * offers the wallet, and stays until closed: a toast with something to press must not leave before it can be
 * reached.
 */
export function useOrderMessages() {
  const toast = useToast()
  return useMemo(
    () => ({
      success: (text: string) => toast.success(text, { timeout: MESSAGE_CLEAR_MS }),
      error: (text: string) => toast.error(text, { timeout: MESSAGE_CLEAR_MS }),
      failure: (error: unknown, fallback: string) => {
        if (isInsufficientBalance(error) && isApiError(error)) {
          return toast.error(insufficientBalanceMessage(error.detail), { timeout: 0 })
        }
        return toast.error(isApiError(error) ? (error.fieldMessage ?? error.detail) : fallback, {
          timeout: MESSAGE_CLEAR_MS,
        })
      },
    }),
    [toast],
  )
}
