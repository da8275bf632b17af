import { useState } from 'react'
import { useForm } from 'react-hook-form'
import { zodResolver } from '@hookform/resolvers/zod'
import * as z from 'zod'
import {
  CRYPTO_FALLBACK_METHODS,
  DEPOSIT_CURRENCY,
  DEPOSIT_DEFAULT_USD,
  DEPOSIT_MAX_USD,
  DEPOSIT_MIN_USD,
  DEPOSIT_STEP_USD,
  DepositAmount,
  FAILED_TO_PROCESS_PAYMENT,
  formatUsd,
  INVALID_PAYMENT_RESPONSE,
  MORE_CRYPTO_METHODS,
  type CryptoMethod,
  type PaymentProvider,
} from '@engage/contract'
import { isApiError, useCreatePayment, usePaymentMethods } from '@engage/client'
import { Banner, Button, Form, FormNumberField, Radio, RadioGroup, Spinner, Stack } from '@engage/ui'
import { CryptoLogo } from '../CryptoLogo'
import {
  amountRow,
  methodCard,
  methodCode,
  methodGrid,
  methodLabel,
  methodName,
  methodText,
  notes,
} from './DepositForm.css'

/** A deposit the gateway accepted: the browser is about to go to its payment page. */
export interface StartedDeposit {
  /** USD. */
  amount: number
  /** The deposit's id at the gateway, which the return URL and the status check carry. */
  orderId: string
  paymentUrl: string
  /** The crypto currency chosen ('BTC'), or null when the payment page offers them all. */
  method: string | null
}

export interface DepositFormProps {
  /** The payment gateway. @default 'sandbox' */
  provider?: PaymentProvider
  /** Called once the gateway accepted the deposit, just before the browser leaves for its payment page. */
  onDepositStarted?: (deposit: StartedDeposit) => void
  /** Sends the browser to the payment page. @default window.location.assign */
  onNavigateToPayment?: (paymentUrl: string) => void
}

interface MethodOption {
  id: string
  currency: string
  network: string
  name: string
}

// '+50 More' sends no currency: the gateway's payment page then offers every one it accepts.
const MORE_METHODS_ID = 'more'

function methodOptions(methods: readonly CryptoMethod[]): MethodOption[] {
  const options = new Map<string, MethodOption>()
  for (const method of methods) {
    const currency = method.currency.toUpperCase()
    const id = `${currency}:${method.network}`
    if (!options.has(id)) options.set(id, { id, currency, network: method.network, name: method.name })
  }
  return [...options.values()]
}

const depositFormSchema = z.object({ amount: DepositAmount })
type DepositFormInput = z.input<typeof depositFormSchema>

function navigateToPaymentPage(paymentUrl: string) {
  window.location.assign(paymentUrl)
}

/**
 * The crypto deposit form: the gateway's currencies with their logos (or the built-in list
 * of twelve plus '+50 More' when it gives none), an amount in USD from $5.00 to $10,000.00 in cents (default
 * $10.00) with the messages beside it, and a submit button disabled while the amount is invalid. Submitting
 * starts the deposit at the gateway and sends the browser to its payment page.
 */
export function DepositForm({
  provider = 'sandbox',
  onDepositStarted,
  onNavigateToPayment = navigateToPaymentPage,
}: DepositFormProps) {
  const methods = usePaymentMethods(provider)
  const createPayment = useCreatePayment()
  const [chosenMethodId, setChosenMethodId] = useState<string | null>(null)
  const [failure, setFailure] = useState<string | null>(null)

  const usesFallback = methods.isError || (methods.isSuccess && methods.data.length === 0)
  const options = methodOptions(usesFallback ? CRYPTO_FALLBACK_METHODS : (methods.data ?? []))
  const methodId = chosenMethodId ?? options[0]?.id ?? null

  const form = useForm<DepositFormInput>({
    resolver: zodResolver(depositFormSchema),
    defaultValues: { amount: DEPOSIT_DEFAULT_USD },
    mode: 'onChange',
  })
  const { isValid } = form.formState

  const deposit = async ({ amount }: DepositFormInput) => {
    const method = options.find((option) => option.id === methodId)?.currency ?? null
    setFailure(null)
    try {
      const answer = await createPayment.mutateAsync({
        provider,
        amount,
        currency: DEPOSIT_CURRENCY,
        ...(method === null ? {} : { method }),
      })
      onDepositStarted?.({ amount, orderId: answer.order_id, paymentUrl: answer.payment_url, method })
      onNavigateToPayment(answer.payment_url)
    } catch (error) {
      if (isApiError(error) && error.kind === 'invalid-response') {
        setFailure(INVALID_PAYMENT_RESPONSE)
        return
      }
      setFailure(FAILED_TO_PROCESS_PAYMENT)
      if (isApiError(error) && error.field === 'amount' && error.fieldMessage) {
        form.setError('amount', { message: error.fieldMessage })
      }
    }
  }

  return (
    <Form aria-label="Deposit" onSubmit={form.handleSubmit(deposit)}>
      <Stack gap="large">
        {methods.isPending ? (
          <Spinner label="Loading payment methods" />
        ) : (
          <RadioGroup
            label="Payment method"
            value={methodId}
            onChange={setChosenMethodId}
            description={usesFallback ? 'More currencies are offered on the payment page.' : undefined}
          >
            <div className={methodGrid}>
              {options.map((option) => (
                <Radio key={option.id} value={option.id} className={methodCard}>
                  <span className={methodLabel}>
                    <CryptoLogo currency={option.currency} size="small" />
                    <span className={methodText}>
                      <span className={methodName}>{option.name}</span>
                      <span className={methodCode}>
                        {option.network === '' || option.network === option.currency
                          ? option.currency
                          : `${option.currency} · ${option.network}`}
                      </span>
                    </span>
                  </span>
                </Radio>
              ))}
              {usesFallback ? (
                <Radio value={MORE_METHODS_ID} className={methodCard}>
                  <span className={methodText}>
                    <span className={methodName}>{MORE_CRYPTO_METHODS}</span>
                    <span className={methodCode}>Choose on the payment page</span>
                  </span>
                </Radio>
              ) : null}
            </div>
          </RadioGroup>
        )}
        <div className={amountRow}>
          <FormNumberField
            control={form.control}
            name="amount"
            label="Amount (USD)"
            minValue={DEPOSIT_MIN_USD}
            maxValue={DEPOSIT_MAX_USD}
            step={DEPOSIT_STEP_USD}
            formatOptions={{ style: 'currency', currency: DEPOSIT_CURRENCY }}
            // The amount stays as typed, so an amount out of range shows its message instead of changing.
            commitBehavior="validate"
            isRequired
          />
        </div>
        <ul className={notes}>
          <li>
            From {formatUsd(DEPOSIT_MIN_USD)} to {formatUsd(DEPOSIT_MAX_USD)}, in USD only.
          </li>
          <li>No extra product fees.</li>
          <li>Your balance is credited after blockchain confirmation.</li>
        </ul>
        {failure === null ? null : (
          <Banner tone="error" onDismiss={() => setFailure(null)}>
            {failure}
          </Banner>
        )}
        <Button
          type="submit"
          isFullWidth
          isDisabled={!isValid}
          isPending={createPayment.isPending}
          pendingLabel="Starting the deposit"
        >
          Deposit
        </Button>
      </Stack>
    </Form>
  )
}
