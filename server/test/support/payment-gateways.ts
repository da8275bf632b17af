import { afterEach, beforeEach } from 'vitest'
import type { PaymentGateway, PaymentReport } from '../../src/adapters/payments'
import { startWebhookReceiver, type WebhookReceiver } from '../payments/fakes/webhookReceiver'

// The setup the gateway adapter tests share (payments/cryptomus.test.ts, payments/nowpayments.test.ts): before
// each test a fresh local fake of the gateway with its adapter, and a receiver standing in for our webhook route
// that the fake posts its webhooks to; after it, both closed. Plus the invoice every test asks for.

/** What a test starts before each of its runs: the adapter under test, and how to stop its fake. */
export interface GatewayUnderTest {
  gateway: PaymentGateway
  close(): Promise<void>
}

export interface GatewayWebhooks {
  /** A USD 25.00 invoice for `orderId`, its webhooks sent to the receiver. */
  invoiceInput(orderId: string): {
    orderId: string
    amountUsd: string
    returnUrl: string
    successUrl: string
    failUrl: string
    callbackUrl: string
    description: string
  }
  /** The report of the last webhook the receiver took; fails the test when it was refused or none came. */
  deliveredReport(): Promise<PaymentReport>
  /** What the receiver made of the last webhook: a report, the error verifyWebhook threw, or undefined. */
  lastDelivery(): PaymentReport | Error | undefined
  /** Where the receiver takes webhooks. */
  receiverUrl(): string
}

/** Registers the beforeEach/afterEach of the describe it is called in; `start` makes the fake and adapter. */
export function setUpGatewayWithWebhooks(start: () => Promise<GatewayUnderTest>): GatewayWebhooks {
  let running: GatewayUnderTest | undefined
  let receiver: WebhookReceiver | undefined
  beforeEach(async () => {
    running = await start()
    receiver = await startWebhookReceiver(running.gateway)
  })
  afterEach(async () => {
    await running?.close()
    await receiver?.close()
  })
  const currentReceiver = (): WebhookReceiver => {
    if (!receiver) throw new Error('setUpGatewayWithWebhooks: no receiver outside a test')
    return receiver
  }
  return {
    invoiceInput: (orderId) => ({
      orderId,
      amountUsd: '25.00',
      returnUrl: `http://127.0.0.1:8787/wallet?order_id=${orderId}`,
      successUrl: `http://127.0.0.1:8787/wallet?payment_status=success&order_id=${orderId}`,
      failUrl: `http://127.0.0.1:8787/wallet?payment_status=failed&order_id=${orderId}`,
      callbackUrl: currentReceiver().url,
      description: 'Wallet deposit',
    }),
    deliveredReport: async () => {
      const delivery = currentReceiver().deliveries.at(-1)
      if (!delivery || delivery instanceof Error)
        throw new Error(`expected a report, got ${String(delivery)}`)
      return delivery
    },
    lastDelivery: () => currentReceiver().deliveries.at(-1),
    receiverUrl: () => currentReceiver().url,
  }
}
