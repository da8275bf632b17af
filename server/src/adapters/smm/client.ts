import type { z } from 'zod'
import { SmmRejectedError, SmmTransientError } from './errors'
import {
  maximumOrdersPerCall,
  type SmmCancelResult,
  type SmmClient,
  type SmmClientOptions,
  type SmmOrderStatusResult,
} from './types'
import { chunk, distinctOrderIds, errorText, isPlainObject, wireResponses } from './wire'

/**
 * A client of the SMM panel API v2. The API key goes only into request bodies: it is never logged and never
 * appears in an error message.
 */
export function createSmmClient(options: SmmClientOptions): SmmClient {
  const { apiUrl, apiKey, timeoutMs = 15_000 } = options
  const fetchImplementation = options.fetch ?? globalThis.fetch

  /** Sends one action and answers the parsed JSON body, or throws SmmRejectedError / SmmTransientError. */
  async function send(action: string, fields: Record<string, string> = {}): Promise<unknown> {
    const body = new URLSearchParams({ key: apiKey, action, ...fields })
    let response: Response
    let text: string
    try {
      response = await fetchImplementation(apiUrl, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
        body,
        // One signal for the whole exchange, so a body that trickles in slowly also times out.
        signal: AbortSignal.timeout(timeoutMs),
      })
      text = await response.text()
    } catch (error) {
      if (error instanceof Error && error.name === 'TimeoutError') {
        throw new SmmTransientError(action, `No answer to ${action} within ${timeoutMs} ms`, { cause: error })
      }
      const reason = error instanceof Error ? describeNetworkError(error) : String(error)
      throw new SmmTransientError(action, `Network failure on ${action}: ${reason}`, { cause: error })
    }

    const httpStatus = response.status
    const retryAfterMs = readRetryAfter(response.headers.get('retry-after'), Date.now())
    // 403 joins the retryable answers: in front of real panels it is most often a CDN's challenge page, which
    // goes away by itself, not the panel refusing our key (that comes as `{ "error": ... }`).
    if (httpStatus >= 500 || httpStatus === 429 || httpStatus === 408 || httpStatus === 403) {
      throw new SmmTransientError(action, `HTTP ${httpStatus} on ${action}`, { httpStatus, retryAfterMs })
    }
    let parsed: unknown
    try {
      parsed = JSON.parse(text)
    } catch (error) {
      if (!response.ok) throw new SmmRejectedError(action, `HTTP ${httpStatus} on ${action}`)
      throw new SmmTransientError(action, `Unparsable answer to ${action} (HTTP ${httpStatus})`, {
        httpStatus,
        retryAfterMs,
        cause: error,
      })
    }
    if (isPlainObject(parsed) && 'error' in parsed && parsed.error !== null && parsed.error !== undefined) {
      const message = errorText(parsed.error)
      // Panels answer their rate limit with HTTP 200 and an error text; asking later succeeds.
      if (rateLimitText.test(message)) {
        throw new SmmTransientError(action, `Rate limited on ${action}: ${message}`, {
          httpStatus,
          retryAfterMs,
        })
      }
      throw new SmmRejectedError(action, message)
    }
    // Any other 4xx is a wrong URL or a refused client (404, 401): asking again gets the same answer.
    if (!response.ok) throw new SmmRejectedError(action, `HTTP ${httpStatus} on ${action}`)
    return parsed
  }

  function read<Output>(action: string, schema: z.ZodType<Output>, body: unknown): Output {
    const result = schema.safeParse(body)
    if (!result.success) {
      // A body of the wrong shape is most often a maintenance page or a half-deployed panel: retryable.
      const issue = result.error.issues[0]
      const where = issue?.path.length ? ` at ${issue.path.join('.')}` : ''
      throw new SmmTransientError(action, `Unexpected answer to ${action}${where}: ${issue?.message ?? ''}`, {
        httpStatus: 200,
      })
    }
    return result.data
  }

  return {
    async services() {
      return read('services', wireResponses.services, await send('services'))
    },

    async add(request) {
      const fields: Record<string, string> = { service: String(request.service), link: request.link }
      if (request.comments) fields.comments = request.comments.join('\n')
      else fields.quantity = String(request.quantity)
      return read('add', wireResponses.add, await send('add', fields))
    },

    async status(orderId) {
      return read('status', wireResponses.status, await send('status', { order: String(orderId) }))
    },

    async statusMany(orderIds) {
      const results = new Map<number, SmmOrderStatusResult>()
      // One call after another rather than in parallel: providers rate-limit per key.
      for (const ids of chunk(distinctOrderIds(orderIds), maximumOrdersPerCall)) {
        const answer = read(
          'status',
          wireResponses.statusMany,
          await send('status', { orders: ids.join(',') }),
        )
        for (const orderId of ids) {
          results.set(
            orderId,
            answer[String(orderId)] ?? { ok: false, error: 'The provider did not answer for this order' },
          )
        }
      }
      return results
    },

    async cancel(orderIds) {
      const results = new Map<number, SmmCancelResult>()
      for (const ids of chunk(distinctOrderIds(orderIds), maximumOrdersPerCall)) {
        const answer = read('cancel', wireResponses.cancel, await send('cancel', { orders: ids.join(',') }))
        const byOrder = new Map(answer.map((entry) => [entry.order, entry.cancel]))
        for (const orderId of ids) {
          results.set(
            orderId,
            byOrder.get(orderId) ?? { ok: false, error: 'The provider did not answer for this order' },
          )
        }
      }
      return results
    },

    async refill(orderId) {
      return read('refill', wireResponses.refill, await send('refill', { order: String(orderId) }))
    },

    async refillStatus(refillId) {
      return read(
        'refill_status',
        wireResponses.refillStatus,
        await send('refill_status', { refill: String(refillId) }),
      )
    },

    async balance() {
      return read('balance', wireResponses.balance, await send('balance'))
    },
  }
}

const rateLimitText = /too many requests|rate limit|try again later/i

/**
 * `Retry-After` as milliseconds from now: either delay-seconds or an HTTP date. Null when absent or unreadable;
 * capped at an hour so a wrong header cannot park a job for days.
 */
export function readRetryAfter(header: string | null, now: number): number | null {
  if (header === null || header.trim() === '') return null
  const text = header.trim()
  const milliseconds = /^\d+$/.test(text) ? Number(text) * 1000 : Date.parse(text) - now
  if (!Number.isFinite(milliseconds)) return null
  return Math.min(Math.max(milliseconds, 0), 3_600_000)
}

/** Node's fetch reports "fetch failed" and hides the reason (ECONNREFUSED, ENOTFOUND...) in `cause`. */
function describeNetworkError(error: Error): string {
  const cause: unknown = error.cause
  if (cause instanceof Error) {
    const code = 'code' in cause && typeof cause.code === 'string' ? `${cause.code} ` : ''
    return `${error.message} (${code}${cause.message})`
  }
  return error.message
}
