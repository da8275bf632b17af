import { useCallback } from 'react'
import { useSearchParams } from 'react-router'
import { Wallet } from '@engage/screens'

/**
 * /wallet, also where the payment gateway sends the customer back (?payment_status=success|failed&order_id=):
 * the Wallet screen reads the return and asks for the two parameters to be removed, replacing the entry.
 */
export default function WalletPage() {
  const [searchParams, setSearchParams] = useSearchParams()
  const cleanUrl = useCallback(() => {
    setSearchParams(
      (current) => {
        const next = new URLSearchParams(current)
        next.delete('payment_status')
        next.delete('order_id')
        return next
      },
      { replace: true },
    )
  }, [setSearchParams])
  return (
    <Wallet
      paymentStatus={searchParams.get('payment_status')}
      orderId={searchParams.get('order_id')}
      onCleanUrl={cleanUrl}
    />
  )
}
