import { useEffect, useRef, useState } from 'react'
import {
  PAYMENT_FAILED,
  PAYMENT_PROCESSING,
  PAYMENT_RETURN_FAILED,
  paymentSuccessful,
} from '@engage/contract'
import { useMe, usePaymentStatus, useTransactions } from '@engage/client'
import { Banner, type BannerTone } from '@engage/ui'

/** House text: shown while the status of a returned payment is being checked. */
export const CHECKING_PAYMENT = 'Checking your payment...'

/** What the wallet's status banner says. */
export interface WalletMessage {
  tone: BannerTone
  text: string
}

/** The query parameters the gateway sends the customer back to /wallet with. */
export interface PaymentReturnParams {
  /** `payment_status` from the URL: 'success' or 'failed' (anything else, or none, is no return). */
  paymentStatus?: string | null
  /** `order_id` from the URL: the deposit whose status is checked. */
  orderId?: string | null
  /** Called once a return is read, so the app can remove the two parameters from the URL. */
  onCleanUrl?: () => void
}

interface ReadReturn {
  status: 'success' | 'failed'
  orderId: string | null
}

/**
 * The payment return. A 'failed' return says 'Payment failed. Please try again or contact support if
 * the issue persists.' A 'success' return refreshes the balance, then checks the deposit's status: completed →
 * 'Payment of $X was successful! Your balance has been updated.' (and the balance and transactions are
 * refreshed again, as the deposit credited); pending → 'Your payment is being processed. Balance will be updated
 * once confirmed.'; failed → 'Payment failed. Please try again or contact support.'; a failed check gives the
 * return failure text. The result outlives the parameters, which the app removes from the URL through onCleanUrl.
 */
export function usePaymentReturn({ paymentStatus, orderId, onCleanUrl }: PaymentReturnParams): {
  message: WalletMessage | null
  dismiss: () => void
} {
  const me = useMe()
  const transactions = useTransactions()
  const [returned, setReturned] = useState<ReadReturn | null>(null)
  const [isBalanceRefreshed, setBalanceRefreshed] = useState(false)
  const [isDismissed, setDismissed] = useState(false)
  const onCleanUrlRef = useRef(onCleanUrl)
  onCleanUrlRef.current = onCleanUrl
  const refetchMe = me.refetch
  const refetchTransactions = transactions.refetch

  useEffect(() => {
    if (paymentStatus !== 'success' && paymentStatus !== 'failed') return
    setReturned({ status: paymentStatus, orderId: orderId ?? null })
    setDismissed(false)
    setBalanceRefreshed(false)
    onCleanUrlRef.current?.()
    if (paymentStatus === 'success') {
      void refetchMe().finally(() => setBalanceRefreshed(true))
    }
  }, [paymentStatus, orderId, refetchMe])

  const checkedOrderId =
    returned?.status === 'success' && isBalanceRefreshed && returned.orderId !== null
      ? returned.orderId
      : null
  const payment = usePaymentStatus(checkedOrderId)
  const paymentState = payment.data?.status

  useEffect(() => {
    if (paymentState !== 'completed') return
    void refetchMe()
    void refetchTransactions()
  }, [paymentState, refetchMe, refetchTransactions])

  let message: WalletMessage | null = null
  if (returned?.status === 'failed') {
    message = { tone: 'error', text: PAYMENT_RETURN_FAILED }
  } else if (returned?.status === 'success') {
    if (returned.orderId === null) message = { tone: 'info', text: PAYMENT_PROCESSING }
    else if (payment.isError) message = { tone: 'error', text: PAYMENT_RETURN_FAILED }
    else if (payment.data?.status === 'completed')
      message = { tone: 'success', text: paymentSuccessful(payment.data.amount) }
    else if (payment.data?.status === 'pending') message = { tone: 'info', text: PAYMENT_PROCESSING }
    else if (payment.data?.status === 'failed') message = { tone: 'error', text: PAYMENT_FAILED }
    else message = { tone: 'info', text: CHECKING_PAYMENT }
  }
  return { message: isDismissed ? null : message, dismiss: () => setDismissed(true) }
}

export type PaymentReturnBannerProps = PaymentReturnParams

/** The payment return's dismissible banner (see usePaymentReturn); nothing without a return. */
export function PaymentReturnBanner(props: PaymentReturnBannerProps) {
  const { message, dismiss } = usePaymentReturn(props)
  return message === null ? null : (
    <Banner tone={message.tone} onDismiss={dismiss}>
      {message.text}
    </Banner>
  )
}
