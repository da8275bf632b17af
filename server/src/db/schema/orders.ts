// Orders and what hangs off them: subscriptions, AI texts and their generations, refills.

import type { ColumnType } from 'kysely'
import type { Id, Instant, Micros } from './columns'

export type OrderStatus = 'pending' | 'processing' | 'paused' | 'completed' | 'partial' | 'cancelled'

export interface OrdersTable {
  id: Id
  user_id: number
  service_id: number
  /** The service name at order time, as the client shows it. */
  service_type: string
  target_url: string
  quantity: number
  /** Micro-USD charged at creation: rate × quantity, rounded up. */
  charge: Micros
  /** Micro-USD refunded so far (partial, cancel, operator refunds). */
  refunded: ColumnType<Micros, Micros | undefined, Micros>
  status: OrderStatus
  start_count: number | null
  remains: number | null
  custom_comment: string | null
  /** JSON of the AI setting used (without its key), frozen at order time. */
  ai_setting: string | null
  subscription_id: number | null
  /** Why the order is paused, shown to the customer. */
  paused_reason: string | null
  provider_id: number | null
  upstream_order_id: string | null
  /** Set just before calling the upstream's `add`; with no upstream id it means "maybe placed": never resend. */
  upstream_attempted_at: Instant | null
  /** When the order became completed (migration 0160); null for every other status. */
  completed_at: ColumnType<Instant | null, Instant | null | undefined, Instant | null>
  /** Drip-feed orders (migration 0190): how many runs of quantity / runs each; null for a whole order. */
  runs: ColumnType<number | null, number | null | undefined, number | null>
  /** Drip-feed orders: minutes between two runs. */
  run_interval: ColumnType<number | null, number | null | undefined, number | null>
  /** Drip-feed orders: the runs placed upstream so far. */
  runs_sent: ColumnType<number, number | undefined, number>
  /** Drip-feed orders: when the next run is due; null once none is left to send. */
  next_run_at: ColumnType<Instant | null, Instant | null | undefined, Instant | null>
  /**
   * Micro-USD the provider charges for the order (migration 0230): its rate × quantity when sent, then what its
   * `status` answer reports; 0 until sent.
   */
  cost: ColumnType<Micros, Micros | undefined, Micros>
  created_at: Instant
  updated_at: Instant
}

export type OrderRunStatus =
  'scheduled' | 'processing' | 'paused' | 'completed' | 'partial' | 'cancelled' | 'failed'

/** One run of a drip-feed order, placed upstream as its own order (migration 0190). */
export interface OrderRunsTable {
  id: Id
  order_id: number
  /** 1-based. */
  run: number
  quantity: number
  /** Micro-USD of the order's charge this run stands for; the shares add up to the charge. */
  share: Micros
  refunded: ColumnType<Micros, Micros | undefined, Micros>
  /** When the run is due: the order's creation + (run - 1) × interval. */
  run_at: Instant
  status: OrderRunStatus
  provider_id: number | null
  upstream_order_id: string | null
  /** Set just before `add`; with no upstream id it means "maybe placed": never resend. */
  upstream_attempted_at: Instant | null
  start_count: number | null
  remains: number | null
  /** Why the run failed or is held. */
  note: string | null
  updated_at: Instant
}

export type SubscriptionStatus = 'active' | 'paused' | 'cancelled' | 'completed'

export interface SubscriptionsTable {
  id: Id
  user_id: number
  service_id: number
  service_type: string
  plan: string
  target_url: string
  renewal_period: string
  quantity_per_period: number
  /** Micro-USD per 1,000 units at creation: the total cost is quoted at it and every period is charged at it. */
  rate_per_1k: Micros
  start_at: Instant
  end_at: Instant
  period_count: number
  periods_placed: number
  /** Periods skipped because the balance could not cover their charge; migration 0011. */
  periods_skipped: ColumnType<number, number | undefined, number>
  next_run_at: Instant | null
  status: SubscriptionStatus
  /** JSON array of AI setting ids. */
  ai_setting_ids: string
  note: string | null
  /**
   * The workspace member who created it (migration 0250): its renewals are their debits, counted against their
   * monthly spend limit; null for subscriptions of before, whose renewals count against nobody.
   */
  created_by: ColumnType<number | null, number | null | undefined, number | null>
  created_at: Instant
  updated_at: Instant
}

/** One AI-written text of an ai_comments or ai_tweets order (migration 0030). */
export interface OrderTextsTable {
  order_id: number
  /** 0-based; the line of the text in the `comments` sent upstream. */
  position: number
  text: string
  created_at: Instant
}

/** The generation of an AI order's texts: tokens spent and whose key paid (migration 0030). */
export interface OrderAiGenerationsTable {
  order_id: number
  provider: string
  model: string
  key_source: 'customer' | 'operator'
  prompt_tokens: ColumnType<number, number | undefined, number>
  completion_tokens: ColumnType<number, number | undefined, number>
  started_at: Instant
  completed_at: Instant | null
  updated_at: Instant
}

export type RefillStatus = 'pending' | 'in_progress' | 'completed' | 'rejected' | 'error'

/** A refill of a completed order asked for through API v2, tracked with the order's provider (migration 0050). */
export interface RefillsTable {
  id: Id
  order_id: number
  user_id: number
  status: RefillStatus
  /** The provider's refill id once its `refill` answered. */
  upstream_refill_id: string | null
  /** Why the refill was rejected or could not be asked for. */
  reason: string | null
  created_at: Instant
  updated_at: Instant
}
