import {
  CONTROL_CHARACTERS_MESSAGE,
  FAILED_TO_PROCESS_PAYMENT,
  PAYMENT_NOT_FOUND,
  PAYMENT_PROVIDER_INVALID,
  usdToMicros,
} from '@engage/contract'
import { type Context, Hono } from 'hono'
import {
  PaymentGatewayError,
  PaymentGatewayUnavailableError,
  type PaymentGateway,
} from '../adapters/payments'
import { depositStatus, receiveWebhook, startDeposit } from '../domain/payments'
import { registerRoute } from '../http/register-route'
import type { AppEnv } from '../http/env'
import { HttpError } from '../http/errors'
import { controlCharacterInJson } from '../http/input-guard'

// GET /api/payments/{provider}/methods, POST /api/payments/{provider}/create, GET /api/payments/status
// (signed-in customers), and POST /api/payments/{provider}/webhook (the gateways; no session, the
// signature is the authentication). {provider} is sandbox, cryptomus, heleket or nowpayments; one that is not
// enabled answers 404 like an unknown one.

/** House text: the methods list could not be fetched (the deposit form then shows its built-in list). */
export const PAYMENT_METHODS_UNAVAILABLE = 'Payment methods are unavailable right now. Please try again.'

function enabledGateway(c: Context<AppEnv>): PaymentGateway {
  const gateway = c.get('deps').adapters?.payments?.get(c.req.param('provider') ?? '')
  if (!gateway) throw new HttpError(404, PAYMENT_PROVIDER_INVALID)
  return gateway
}

/**
 * A gateway failure as the customer sees it: 503 when it could not be reached (try again later), 502 when it
 * refused. The gateway's own words go to the log only: they are written for merchants, not customers.
 */
function gatewayFailure(c: Context<AppEnv>, error: unknown, detail: string, action: string): never {
  if (!(error instanceof PaymentGatewayError)) throw error
  c.get('deps').logger.warn(`Payment gateway failed to ${action}`, {
    gateway: error.gateway,
    status: error.status,
    error: error.message,
  })
  throw new HttpError(error instanceof PaymentGatewayUnavailableError ? 503 : 502, detail)
}

export const paymentRoutes = new Hono<AppEnv>()

registerRoute(paymentRoutes, 'paymentStatus', async (c, { query }) => {
  const status = await depositStatus(c.get('deps').db, {
    userId: c.get('workspace').accountId,
    orderId: query.order_id,
  })
  // Another customer's payment answers exactly like a missing one.
  if (!status) throw new HttpError(404, PAYMENT_NOT_FOUND)
  return c.json(status)
})

registerRoute(paymentRoutes, 'paymentMethods', async (c) => {
  const gateway = enabledGateway(c)
  try {
    const methods = await gateway.listMethods()
    return c.json(
      methods.map((method) => ({
        currency: method.currency.toUpperCase(),
        network: method.network,
        name: method.name,
      })),
    )
  } catch (error) {
    return gatewayFailure(c, error, PAYMENT_METHODS_UNAVAILABLE, 'list its methods')
  }
})

registerRoute(paymentRoutes, 'createPayment', async (c, { body }) => {
  const gateway = enabledGateway(c)
  const deps = c.get('deps')
  try {
    const deposit = await startDeposit(deps.db, gateway, {
      userId: c.get('workspace').accountId,
      actorUserId: c.get('user').id,
      amount: usdToMicros(body.amount),
      method: body.method,
      publicUrl: deps.config.publicUrl,
      clock: deps.clock,
    })
    return c.json({ payment_url: deposit.paymentUrl, order_id: deposit.orderId })
  } catch (error) {
    return gatewayFailure(c, error, FAILED_TO_PROCESS_PAYMENT, 'create an invoice')
  }
})

paymentRoutes.post('/payments/:provider/webhook', async (c) => {
  const deps = c.get('deps')
  const provider = c.req.param('provider')
  // The signature covers the exact bytes received, so the body is kept as text for the gateway; it is parsed
  // here only to refuse text no order id or status can hold before it reaches a query.
  const rawBody = await c.req.text()
  const unreadable = controlCharacterInJson(rawBody)
  if (unreadable !== null) {
    return c.json(
      { detail: `${unreadable || 'body'}: ${CONTROL_CHARACTERS_MESSAGE}`, field: unreadable },
      422,
    )
  }
  const answer = await receiveWebhook(deps.db, deps.adapters?.payments, {
    provider,
    rawBody,
    headers: c.req.raw.headers,
    now: deps.clock.now(),
  })
  if (answer.status !== 200) {
    deps.logger.warn('Payment webhook refused', { provider, status: answer.status, reason: answer.reason })
    return c.json({ detail: answer.detail }, answer.status)
  }
  if (answer.outcome.kind === 'credited') {
    deps.logger.info('Deposit credited', {
      provider,
      orderId: answer.outcome.orderId,
      userId: answer.outcome.userId,
      amountMicros: answer.outcome.amount,
    })
  }
  return c.json({ ok: true })
})
