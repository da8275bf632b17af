// Sending one request with the retry rules (shared authenticated helper) and the auth calls' retry rules.

import { AUTH_RETRY_DELAYS, AUTH_STATUS_RETRY_DELAY_MS, NETWORK_RETRY_DELAYS } from '@engage/contract'

export interface RetryDelays {
  /** Waits before each extra try after a network failure: 100 ms, 200 ms (two extra tries). */
  network: readonly number[]
  /** Wait before the single extra try when the first answer is 401 or 403: 100 ms. */
  authStatus: number
  /** Waits between the tries of an auth call (sign-in, sign-up, password calls): 1 s, 2 s (three tries). */
  auth: readonly number[]
}

export const DEFAULT_RETRY_DELAYS: RetryDelays = {
  network: NETWORK_RETRY_DELAYS,
  authStatus: AUTH_STATUS_RETRY_DELAY_MS,
  auth: AUTH_RETRY_DELAYS,
}

export type FetchFunction = (input: string, init: RequestInit) => Promise<Response>
export type Sleep = (milliseconds: number) => Promise<void>

export const realSleep: Sleep = (milliseconds) => new Promise((resolve) => setTimeout(resolve, milliseconds))

/** The server's error text: `detail` (a string, or a list of validation issues), else `error`. */
export function errorTextOf(body: unknown): string | undefined {
  if (typeof body !== 'object' || body === null) return undefined
  const { detail, error } = body as { detail?: unknown; error?: unknown }
  if (typeof detail === 'string' && detail !== '') return detail
  if (Array.isArray(detail)) {
    const first: unknown = detail[0]
    if (typeof first === 'object' && first !== null && typeof (first as { msg?: unknown }).msg === 'string') {
      return (first as { msg: string }).msg
    }
  }
  if (typeof error === 'string' && error !== '') return error
  return undefined
}

/** The answer's JSON body; undefined when it is empty or not JSON. */
export async function readJson(response: Response): Promise<unknown> {
  const text = await response.text()
  if (text === '') return undefined
  try {
    return JSON.parse(text) as unknown
  } catch {
    return undefined
  }
}

function isAbortError(error: unknown): boolean {
  return error instanceof Error && error.name === 'AbortError'
}

/** A request that failed before any answer arrived, after its retries. */
export class NetworkFailure extends Error {
  constructor(cause: unknown) {
    super(cause instanceof Error ? cause.message : String(cause), { cause })
  }
}

/**
 * The shared helper's rules: a network failure is retried up to twice (waits 100 ms, 200 ms); a FIRST answer
 * of 401 or 403 is retried once after 100 ms (a token refreshed in another tab may just have landed).
 * Every other answer, OK or not, is returned to the caller.
 */
export async function sendWithSharedRetries(
  fetchFunction: FetchFunction,
  url: string,
  init: RequestInit,
  delays: RetryDelays,
  sleep: Sleep,
): Promise<Response> {
  let networkFailures = 0
  let answers = 0
  for (;;) {
    let response: Response
    try {
      response = await fetchFunction(url, init)
    } catch (error) {
      if (isAbortError(error)) throw error
      const wait = delays.network[networkFailures]
      if (wait === undefined) throw new NetworkFailure(error)
      networkFailures += 1
      await sleep(wait)
      continue
    }
    answers += 1
    if ((response.status === 401 || response.status === 403) && answers === 1) {
      // Drain the body so the connection can be reused.
      await response.body?.cancel()
      await sleep(delays.authStatus)
      continue
    }
    return response
  }
}

/**
 * The auth calls' rules: up to 3 tries with waits of 1 s then 2 s. Only failures that another try can
 * fix are retried (no answer, 5xx); a 4xx such as a wrong password or a rate limit is final at once, so a
 * customer is not kept waiting 3 s to learn their password was wrong, and rate-limit counters are not hit
 * three times per click.
 */
export async function sendWithAuthRetries(
  fetchFunction: FetchFunction,
  url: string,
  init: RequestInit,
  delays: RetryDelays,
  sleep: Sleep,
): Promise<Response> {
  for (let attempt = 0; ; attempt += 1) {
    const wait = delays.auth[attempt]
    let response: Response
    try {
      response = await fetchFunction(url, init)
    } catch (error) {
      if (isAbortError(error)) throw error
      if (wait === undefined) throw new NetworkFailure(error)
      await sleep(wait)
      continue
    }
    if (response.status >= 500 && wait !== undefined) {
      await response.body?.cancel()
      await sleep(wait)
      continue
    }
    return response
  }
}
