import { useState } from 'react'
import { depositInitiated, formatLedgerUsd, type PaymentProvider, type Transaction } from '@engage/contract'
import { isApiError, useMe } from '@engage/client'
import { Banner, Card, Heading, Spinner, Stack, StatCard } from '@engage/ui'
import { DepositForm, type StartedDeposit } from '../DepositForm'
import { usePaymentReturn, type PaymentReturnParams, type WalletMessage } from '../PaymentReturnBanner'
import { TransactionTable } from '../TransactionTable'
import { balanceValue, walletGrid } from './Wallet.css'

export interface WalletProps extends PaymentReturnParams {
  /** The payment gateway deposits go through. @default 'sandbox' */
  provider?: PaymentProvider
  /** Sends the browser to the gateway's payment page. @default window.location.assign */
  onNavigateToPayment?: (paymentUrl: string) => void
}

/** The temporary local entry of a deposit just started, until the server lists its own. */
function localPendingDeposit(deposit: StartedDeposit): Transaction {
  return {
    id: `local-${deposit.orderId}`,
    date: new Date().toISOString(),
    type: 'deposit',
    method: deposit.method ?? 'crypto',
    amount: deposit.amount,
    currency: 'USD',
    status: 'pending',
    txid: null,
    payment_details: { order_id: deposit.orderId, payment_url: deposit.paymentUrl },
  }
}

/**
 * The wallet page: a dismissible status banner, the account balance, the crypto deposit form and
 * the transaction history. Starting a deposit adds a temporary pending deposit to the history, says 'Deposit of
 * $X initiated. Please complete the payment process.' and sends the browser to the payment page. Coming back
 * from the gateway (payment_status and order_id from the URL) shows the payment return's banner.
 */
export function Wallet({
  provider = 'sandbox',
  paymentStatus,
  orderId,
  onCleanUrl,
  onNavigateToPayment,
}: WalletProps) {
  const me = useMe()
  const paymentReturn = usePaymentReturn({ paymentStatus, orderId, onCleanUrl })
  const [depositMessage, setDepositMessage] = useState<WalletMessage | null>(null)
  const [pendingDeposits, setPendingDeposits] = useState<Transaction[]>([])

  // One banner: the latest news, a deposit started here, over a payment return.
  const status =
    depositMessage === null
      ? paymentReturn
      : { message: depositMessage, dismiss: () => setDepositMessage(null) }

  const startDeposit = (deposit: StartedDeposit) => {
    setPendingDeposits((current) => [localPendingDeposit(deposit), ...current])
    setDepositMessage({ tone: 'info', text: depositInitiated(deposit.amount) })
  }

  return (
    <Stack gap="large">
      <Heading level={1}>Wallet</Heading>
      {status.message === null ? null : (
        <Banner tone={status.message.tone} onDismiss={status.dismiss}>
          {status.message.text}
        </Banner>
      )}
      <div className={walletGrid}>
        <Stack gap="large">
          <StatCard
            label="Account Balance"
            value={
              me.isPending ? (
                <Spinner label="Loading balance" size="small" />
              ) : me.isError ? (
                'Unavailable'
              ) : (
                <span className={balanceValue}>{formatLedgerUsd(me.data.balance)}</span>
              )
            }
            description={
              me.isError
                ? isApiError(me.error)
                  ? me.error.detail
                  : String(me.error)
                : 'Available to spend on orders'
            }
          />
          <Card>
            <Stack gap="medium">
              <Heading level={2} size="medium">
                Deposit Crypto
              </Heading>
              <DepositForm
                provider={provider}
                onDepositStarted={startDeposit}
                onNavigateToPayment={onNavigateToPayment}
              />
            </Stack>
          </Card>
        </Stack>
        <Card>
          <TransactionTable pendingDeposits={pendingDeposits} />
        </Card>
      </div>
    </Stack>
  )
}
