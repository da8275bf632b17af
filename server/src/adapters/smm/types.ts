// What the SMM panel API v2 client offers and answers, in our own shapes.

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
