import {
  AiPermanentError,
  AiTransientError,
  isTransientStatus,
  type AiOperation,
  type AiProviderError,
} from './errors'
import { aiProviderNames, type AiProvider } from './providers'
import { redactSecrets } from './redact'

/** The fetch the adapters call; tests and the server pass the global one, pointed at a base URL of choice. */
export type Fetch = typeof globalThis.fetch

export interface ProviderRequest {
  provider: AiProvider
  operation: AiOperation
  fetch: Fetch
  url: string
  method?: 'GET' | 'POST'
  /** Sent as `Authorization: Bearer`; omitted when absent (OpenRouter's model list is public). */
  apiKey?: string | undefined
  headers?: Record<string, string>
  body?: unknown
  /** `Date.now()` value by which the whole answer must have arrived. */
  deadline: number
  /** Cancels the call from outside, e.g. when the worker shuts down. */
  signal?: AbortSignal | undefined
  /** Every key in play, removed from any text that leaves the adapter. */
  secrets: readonly (string | undefined)[]
}

export interface ProviderResponse {
  status: number
  body: unknown
}

/** Builds the error for a provider failure, with its reason redacted. */
export function providerError(
  kind: 'permanent' | 'transient',
  request: Pick<ProviderRequest, 'provider' | 'operation' | 'secrets'>,
  reason: string,
  upstreamStatus?: number,
): AiProviderError {
  const details = {
    provider: request.provider,
    operation: request.operation,
    reason: redactSecrets(reason, request.secrets),
    upstreamStatus,
  }
  return kind === 'permanent' ? new AiPermanentError(details) : new AiTransientError(details)
}

/**
 * The provider's own explanation, from the shapes the four providers use: OpenAI, DeepSeek and OpenRouter send
 * `{ error: { message } }`, Replicate sends `{ title, detail }`; some proxies send `{ error: "..." }` or
 * `{ message }`. Bodies that are not JSON (an HTML error page from a proxy) are never quoted.
 */
export function upstreamMessage(body: unknown): string | undefined {
  if (typeof body !== 'object' || body === null) return undefined
  const record = body as Record<string, unknown>
  const error = record.error
  if (typeof error === 'string' && error.trim()) return error
  if (typeof error === 'object' && error !== null) {
    const message = (error as Record<string, unknown>).message
    if (typeof message === 'string' && message.trim()) return message
  }
  for (const field of ['detail', 'message', 'title']) {
    const value = record[field]
    if (typeof value === 'string' && value.trim()) return value
  }
  return undefined
}

function parseJson(text: string): { ok: true; value: unknown } | { ok: false } {
  try {
    return { ok: true, value: JSON.parse(text) as unknown }
  } catch {
    return { ok: false }
  }
}

function networkErrorCode(error: unknown): string | undefined {
  const cause = error instanceof Error ? error.cause : undefined
  if (typeof cause === 'object' && cause !== null && 'code' in cause && typeof cause.code === 'string') {
    return cause.code
  }
  return undefined
}

/**
 * One JSON call to a provider. Resolves with the parsed body of a 2xx answer; throws AiTransientError or
 * AiPermanentError for everything else, with the provider's reason and without any key.
 */
export async function requestProviderJson(request: ProviderRequest): Promise<ProviderResponse> {
  const name = aiProviderNames[request.provider]
  const remaining = request.deadline - Date.now()
  if (remaining <= 0) throw providerError('transient', request, `${name} did not answer in time`)

  const timeout = AbortSignal.timeout(remaining)
  const signal = request.signal ? AbortSignal.any([request.signal, timeout]) : timeout
  const headers: Record<string, string> = { accept: 'application/json', ...request.headers }
  if (request.apiKey) headers.authorization = `Bearer ${request.apiKey}`
  if (request.body !== undefined) headers['content-type'] = 'application/json'

  let status: number
  let text: string
  try {
    const response = await request.fetch(request.url, {
      method: request.method ?? 'GET',
      headers,
      body: request.body === undefined ? undefined : JSON.stringify(request.body),
      signal,
    })
    status = response.status
    text = await response.text()
  } catch (error) {
    // The original error is not attached as `cause`: nothing from the request may ride along into logs.
    if (request.signal?.aborted) throw providerError('transient', request, 'the request was cancelled')
    if (timeout.aborted) throw providerError('transient', request, `${name} did not answer in time`)
    const code = networkErrorCode(error)
    throw providerError('transient', request, `could not reach ${name}${code ? ` (${code})` : ''}`)
  }

  const parsed = parseJson(text)
  if (status < 200 || status >= 300) {
    const reason = (parsed.ok && upstreamMessage(parsed.value)) || `${name} answered HTTP ${status}`
    throw providerError(isTransientStatus(status) ? 'transient' : 'permanent', request, reason, status)
  }
  if (!parsed.ok) throw providerError('transient', request, `${name} sent an answer that is not JSON`, status)
  return { status, body: parsed.value }
}
