import type { PaymentConfig } from './config'
import { createCryptomusGateway } from './cryptomus'
import { createNowPaymentsGateway } from './nowpayments'
import { createSandboxGateway, type SandboxGateway, type SandboxOutcomeLookup } from './sandbox'
import { isPaymentGatewayName, type PaymentGateway, type PaymentGatewayName } from './types'

export * from './types'
export * from './errors'
export { paymentConfigFromEnv, PaymentConfigError, type PaymentConfig } from './config'
export {
  type SandboxGateway,
  type SandboxOutcome,
  type SandboxOutcomeLookup,
  type SandboxOutcomeStatus,
} from './sandbox'
export { renderSandboxCheckoutPage } from './sandbox-checkout-page'

/** What only the running server knows. */
export interface PaymentRuntime {
  /** Where browsers reach this server (PUBLIC_URL), e.g. http://127.0.0.1:8787; the sandbox checkout lives there. */
  publicUrl: string
  /** The sandbox's record of what was chosen on its checkout page, for fetchStatus. */
  sandboxOutcome: SandboxOutcomeLookup
}

export interface PaymentGateways {
  /** Enabled gateways, sandbox first when it is on. */
  readonly enabled: readonly PaymentGateway[]
  /** The gateway for a {provider} path segment, or undefined when unknown or not configured. */
  get(name: string): PaymentGateway | undefined
  /** Present when the sandbox is on: the checkout page's buttons use it to sign their webhook. */
  readonly sandbox?: SandboxGateway
}

export function createPaymentGateways(config: PaymentConfig, runtime: PaymentRuntime): PaymentGateways {
  const options = { timeoutMs: config.requestTimeoutMs }
  const sandbox = config.sandbox.enabled
    ? createSandboxGateway({
        publicUrl: runtime.publicUrl,
        secret: config.sandbox.secret,
        lookupOutcome: runtime.sandboxOutcome,
      })
    : undefined
  const enabled = [
    sandbox,
    config.cryptomus && createCryptomusGateway('cryptomus', config.cryptomus, options),
    config.heleket && createCryptomusGateway('heleket', config.heleket, options),
    config.nowpayments && createNowPaymentsGateway(config.nowpayments, options),
  ].filter((gateway): gateway is PaymentGateway => gateway !== undefined)
  const byName = new Map<PaymentGatewayName, PaymentGateway>(
    enabled.map((gateway) => [gateway.name, gateway]),
  )

  return {
    enabled,
    sandbox,
    get: (name) => (isPaymentGatewayName(name) ? byName.get(name) : undefined),
  }
}
