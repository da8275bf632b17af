import { usdToMicros } from '@engage/contract'
import { z } from 'zod'
import type {
  SmmBalance,
  SmmCancelResult,
  SmmCatalogue,
  SmmOrderStatus,
  SmmOrderStatusResult,
  SmmService,
} from './types'

// The wire shapes of the SMM panel API v2, read leniently: panels send numbers as strings or as numbers, and
// leave counters empty before an order starts.

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

export const wireResponses = {
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

export function errorText(error: unknown): string {
  return typeof error === 'string' ? error : JSON.stringify(error)
}

export function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}

export function chunk<Item>(items: readonly Item[], size: number): Item[][] {
  const chunks: Item[][] = []
  for (let start = 0; start < items.length; start += size) chunks.push(items.slice(start, start + size))
  return chunks
}

export function distinctOrderIds(orderIds: readonly number[]): number[] {
  for (const orderId of orderIds) {
    if (!Number.isSafeInteger(orderId) || orderId <= 0) throw new RangeError(`Not an order id: ${orderId}`)
  }
  return [...new Set(orderIds)]
}
