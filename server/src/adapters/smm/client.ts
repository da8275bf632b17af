import { usdToMicros } from '@engage/contract'
import { z } from 'zod'
import { SmmRejectedError, SmmTransientError } from './errors'

/** The protocol's limit for `status` with `orders=` and for `cancel`: longer lists go out in several calls. */
export const maximumOrdersPerCall = 100

export interface SmmClientOptions {
  /** The provider's API URL, e.g. `https://panel.example/api/v2`. */
  apiUrl: string
  apiKey: string
  /** @default globalThis.fetch */
  fetch?: typeof globalThis.fetch
  /** How long one call may take, answer body included. @default 15000 */
  timeoutMs?: number
}

export interface SmmService {
  service: number
  name: string
  /** e.g. `Default`, `Custom Comments` (which needs `comments` on add). */
  type: string
  category: string
  /** USD per 1,000 units, for display; compute money with `ratePer1000Micros`. */
  ratePer1000: number
  /** Micro-USD per 1,000 units, read exactly from the provider's decimal text (nearest micro). */
  ratePer1000Micros: number
  min: number
  max: number
  refill: boolean
  cancel: boolean
}

/** A catalogue entry the provider sent in a shape we cannot read (e.g. `max: ""`): left out, with the reason. */
export interface SmmSkippedService {
  /** The provider's id when it could be read, else null. */
  service: number | null
  reason: string
}

/** The readable part of a provider's catalogue; one unreadable entry never costs the others. */
export interface SmmCatalogue {
  services: SmmService[]
  skipped: SmmSkippedService[]
}

export interface SmmAddRequest {
  service: number
  link: string
  quantity: number
  /**
   * For Custom Comments services: one text per unit, sent newline-separated. The published call then carries
   * no `quantity` (the panel counts the comments), so none is sent.
   */
  comments?: readonly string[]
}

export interface SmmOrderStatus {
  /** The provider's word (Pending, In progress, Completed, Partial, Canceled...); see `mapUpstreamStatus`. */
  status: string
  /** Null while the provider has not reported it (some panels send "" before an order starts). */
  startCount: number | null
  remains: number | null
  /** What the provider charged us, in USD, for display; compute money with `chargeMicros`. */
  charge: number | null
  chargeMicros: number | null
  currency: string | null
}

/** One order's answer in a multi-order call: the provider answers per order, errors included. */
export type SmmOrderStatusResult = { ok: true; status: SmmOrderStatus } | { ok: false; error: string }
export type SmmCancelResult = { ok: true } | { ok: false; error: string }

export interface SmmBalance {
  balance: number
  balanceMicros: number
  currency: string
}

export interface SmmClient {
  services(): Promise<SmmCatalogue>
  add(request: SmmAddRequest): Promise<{ orderId: number }>
  status(orderId: number): Promise<SmmOrderStatus>
  /** Any number of ids, asked in calls of at most 100; every requested id has an entry in the result. */
  statusMany(orderIds: readonly number[]): Promise<Map<number, SmmOrderStatusResult>>
  /** Asks the provider to cancel; every requested id has an entry in the result. */
  cancel(orderIds: readonly number[]): Promise<Map<number, SmmCancelResult>>
  refill(orderId: number): Promise<{ refillId: number }>
  refillStatus(refillId: number): Promise<{ status: string }>
  balance(): Promise<SmmBalance>
}

// ---------------------------------------------------------------------------------------------------------
// Wire shapes. Panels send numbers as strings or as numbers, and leave counters empty before an order starts.

const wireInteger = z.union([z.number(), z.string()]).transform((value, context) => {
  const number = typeof value === 'number' ? value : value.trim() === '' ? Number.NaN : Number(value)
  if (!Number.isSafeInteger(number)) {
    context.addIssue({ code: 'custom', message: `expected an integer, got ${JSON.stringify(value)}` })
    return z.NEVER
  }
  return number
})

// `.optional()` before the transform: zod treats an object key as optional only when its schema says so
// up front, not when a union happens to accept undefined.
const wireOptionalInteger = z
  .union([z.number(), z.string(), z.null()])
  .optional()
  .transform((value) => (value === null || value === undefined || value === '' ? null : value))
  .pipe(z.union([z.null(), wireInteger]))

const wireAmount = z.union([z.number(), z.string()]).transform((value, context) => {
  try {
    // The USD figure is derived from the exact micros, so thousands separators ("1,015.00") read the same in both.
    const micros = usdToMicros(value)
    return { usd: micros / 1_000_000, micros }
  } catch (error) {
    context.addIssue({ code: 'custom', message: error instanceof Error ? error.message : String(error) })
    return z.NEVER
  }
})

const wireOptionalAmount = z
  .union([z.number(), z.string(), z.null()])
  .optional()
  .transform((value) => (value === null || value === undefined || value === '' ? null : value))
  .pipe(z.union([z.null(), wireAmount]))

const wireFlag = z
  .union([z.boolean(), z.number(), z.string(), z.null()])
  .optional()
  .transform((value) => value === true || value === 1 || value === '1' || value === 'true')

const wireService = z
  .object({
    service: wireInteger,
    name: z.string(),
    type: z.string().nullish(),
    category: z.string().nullish(),
    rate: wireAmount,
    min: wireInteger,
    max: wireInteger,
    refill: wireFlag,
    cancel: wireFlag,
  })
  .transform((wire): SmmService => ({
    service: wire.service,
    name: wire.name,
    type: wire.type ?? 'Default',
    category: wire.category ?? '',
    ratePer1000: wire.rate.usd,
    ratePer1000Micros: wire.rate.micros,
    min: wire.min,
    max: wire.max,
    refill: wire.refill,
    cancel: wire.cancel,
  }))

const wireOrderStatus = z
  .object({
    status: z.string(),
    start_count: wireOptionalInteger,
    remains: wireOptionalInteger,
    charge: wireOptionalAmount,
    currency: z.string().nullish(),
  })
  .transform((wire): SmmOrderStatus => ({
    status: wire.status,
    startCount: wire.start_count,
    remains: wire.remains,
    charge: wire.charge?.usd ?? null,
    chargeMicros: wire.charge?.micros ?? null,
    currency: wire.currency ?? null,
  }))

const wireError = z
  .object({ error: z.union([z.string(), z.number()]) })
  .transform((wire) => errorText(wire.error))

/** Reads one order of a multi-order answer on its own, so one odd entry (`remains: "Unknown"`) fails only itself. */
function readStatusEntry(entry: unknown): SmmOrderStatusResult {
  const refused = wireError.safeParse(entry)
  if (refused.success) return { ok: false, error: refused.data }
  const result = wireOrderStatus.safeParse(entry)
  if (result.success) return { ok: true, status: result.data }
  return { ok: false, error: `Unreadable answer for this order: ${describeIssue(result.error)}` }
}

function readCatalogue(entries: readonly unknown[]): SmmCatalogue {
  const catalogue: SmmCatalogue = { services: [], skipped: [] }
  for (const entry of entries) {
    const result = wireService.safeParse(entry)
    if (result.success) {
      catalogue.services.push(result.data)
      continue
    }
    const id = isPlainObject(entry) ? wireInteger.safeParse(entry.service) : undefined
    catalogue.skipped.push({ service: id?.success ? id.data : null, reason: describeIssue(result.error) })
  }
  return catalogue
}

function describeIssue(error: z.ZodError): string {
  const issue = error.issues[0]
  const where = issue?.path.length ? `${issue.path.join('.')}: ` : ''
  return `${where}${issue?.message ?? 'unexpected shape'}`
}

const wireCancelEntry = z.object({
  order: wireInteger,
  cancel: z.union([
    wireError.transform((error): SmmCancelResult => ({ ok: false, error })),
    // Panels answer an accepted cancellation as 1, "1", true or the id of a cancel request, a refused one as 0.
    z
      .union([z.number(), z.string(), z.boolean()])
      .transform((accepted): SmmCancelResult =>
        accepted === 0 || accepted === '0' || accepted === false || accepted === ''
          ? { ok: false, error: 'The provider did not cancel this order' }
          : { ok: true },
      ),
  ]),
})

const wireResponses = {
  services: z.array(z.unknown()).transform(readCatalogue),
  add: z.object({ order: wireInteger }).transform((wire) => ({ orderId: wire.order })),
  status: wireOrderStatus,
  statusMany: z.record(z.string(), z.unknown().transform(readStatusEntry)),
  cancel: z.array(wireCancelEntry),
  refill: z.object({ refill: wireInteger }).transform((wire) => ({ refillId: wire.refill })),
  refillStatus: z.object({ status: z.string() }),
  balance: z
    .object({ balance: wireAmount, currency: z.string().nullish() })
    .transform((wire): SmmBalance => ({
      balance: wire.balance.usd,
      balanceMicros: wire.balance.micros,
      currency: wire.currency ?? 'USD',
    })),
}

function errorText(error: unknown): string {
  return typeof error === 'string' ? error : JSON.stringify(error)
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}

function chunk<Item>(items: readonly Item[], size: number): Item[][] {
  const chunks: Item[][] = []
  for (let start = 0; start < items.length; start += size) chunks.push(items.slice(start, start + size))
  return chunks
}

function distinctOrderIds(orderIds: readonly number[]): number[] {
  for (const orderId of orderIds) {
    if (!Number.isSafeInteger(orderId) || orderId <= 0) throw new RangeError(`Not an order id: ${orderId}`)
  }
  return [...new Set(orderIds)]
}

// ---------------------------------------------------------------------------------------------------------
// The client.

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
