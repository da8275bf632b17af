import { PaymentGatewayError, PaymentGatewayUnavailableError } from './errors'
import type { PaymentGatewayName } from './types'

export interface GatewayRequest {
  gateway: PaymentGatewayName
  method: 'GET' | 'POST'
  url: string
  headers: Record<string, string>
  /** Sent byte for byte; signatures are computed over this exact string. */
  body?: string
  timeoutMs: number
}

export interface GatewayAnswer {
  status: number
  json: unknown
}

function gatewayMessage(json: unknown): string | undefined {
  if (json === null || typeof json !== 'object') return undefined
  const { message, errors } = json as { message?: unknown; errors?: unknown }
  if (typeof message === 'string' && message !== '') return message
  if (errors !== undefined) return JSON.stringify(errors)
  return undefined
}

/**
 * One JSON request to a gateway. Network failures, timeouts, 429 and 5xx become
 * PaymentGatewayUnavailableError (worth retrying later); any other non-2xx becomes PaymentGatewayError.
 */
export async function requestGateway(request: GatewayRequest): Promise<GatewayAnswer> {
  const { gateway, method, url, headers, body, timeoutMs } = request
  let response: Response
  let text: string
  try {
    response = await fetch(url, {
      method,
      headers: { accept: 'application/json', ...headers },
      body,
      signal: AbortSignal.timeout(timeoutMs),
    })
    text = await response.text()
  } catch (error) {
    const timedOut = error instanceof DOMException && error.name === 'TimeoutError'
    const cause = error instanceof Error ? error.message : String(error)
    throw new PaymentGatewayUnavailableError(
      gateway,
      timedOut
        ? `${gateway} did not answer within ${timeoutMs} ms`
        : `${gateway} could not be reached: ${cause}`,
    )
  }

  let json: unknown
  try {
    json = text === '' ? undefined : JSON.parse(text)
  } catch {
    json = undefined
  }
  const message = gatewayMessage(json) ?? `HTTP ${response.status}`

  if (response.status === 429 || response.status >= 500) {
    throw new PaymentGatewayUnavailableError(
      gateway,
      `${gateway} is unavailable: ${message}`,
      response.status,
    )
  }
  if (response.status < 200 || response.status >= 300) {
    throw new PaymentGatewayError(gateway, `${gateway} refused the request: ${message}`, response.status)
  }
  if (json === undefined) {
    throw new PaymentGatewayError(
      gateway,
      `${gateway} answered with something that is not JSON`,
      response.status,
    )
  }
  return { status: response.status, json }
}
