import { QUANTITY_MAX, QUANTITY_MIN, type WorkspaceRole } from '@engage/contract'
import type { Db } from '../db/connect'
import type { OrderStatus, RefillStatus, Service } from '../db/schema'
import type { OperatorAiKeys } from '../domain/orders'

// The SMM panel API v2 as our panel speaks it to customers and reseller panels (the upstream side, where we
// call other panels, is adapters/smm): the actions and answers that reseller panels and scripts expect from
// any panel (services, add, status, cancel, refill, refill_status, balance). This file holds the protocol's
// texts, context and wire formats; actions.ts the actions.
// Orders placed here are the panel's own orders: the same functions place, charge and cancel them, so the
// ledger, the one-active-order rule and fulfilment are exactly those of the panel.
//
// Every answer is a JSON value; a refusal is `{ error: '<text>' }` with the texts panels use, which reseller
// scripts match on. routes/v2.ts reads the request, checks the key and the rate, and calls runV2Action.

/** The texts of the protocol's refusals, as panels word them. */
export const V2_ERRORS = {
  invalidKey: 'Invalid API key',
  incorrectRequest: 'Incorrect request',
  actionNotFound: 'Action not found',
  incorrectServiceId: 'Incorrect service ID',
  incorrectLink: 'Incorrect link',
  incorrectQuantity: 'Incorrect quantity',
  quantityMustMatchComments: 'Quantity must equal the number of comments',
  notEnoughFunds: 'Not enough funds on balance',
  activeOrderWithLink: 'You have active order with this link. Please wait until order being completed.',
  incorrectOrderId: 'Incorrect order ID',
  tooManyOrders: 'Too many orders, at most 100 per request',
  refillNotAvailable: 'Refill is not available for this service',
  refillOnlyCompleted: 'Refill is available only for completed orders',
  refillAlreadyActive: 'A refill of this order is already in progress',
  refillPeriodEnded: 'The refill period of this order has ended',
  incorrectRefillId: 'Incorrect refill ID',
  tooManyRequests: 'Too many requests',
  dripFeedNotAvailable: 'Drip-feed is not available for this service',
  incorrectRuns: 'Incorrect runs: a whole number from 2 to 100',
  incorrectInterval: 'Incorrect interval: a whole number of minutes from 1 to 1440',
} as const

/** `quantityLessThanMinimal(10)` → 'Quantity less than minimal 10'. */
export function quantityLessThanMinimal(minimum: number): string {
  return `Quantity less than minimal ${minimum}`
}

export function quantityMoreThanMaximal(maximum: number): string {
  return `Quantity more than maximal ${maximum}`
}

/** The protocol's limit on ids in one `status` or `cancel` call. */
export const MAX_ORDERS_PER_CALL = 100

/** The request's fields as text: form fields as sent, JSON values turned into text (see routes/v2.ts). */
export type V2Fields = Readonly<Record<string, string>>

export interface V2Context {
  db: Db
  /** The account the key acts on. */
  userId: number
  /** The workspace member the key acts as, and their role there: a viewer's key only reads. */
  actorUserId: number
  role: WorkspaceRole
  now: number
  /** The operator's AI keys: an AI order without texts of its own is written with them or refused. */
  operatorAiKeys: OperatorAiKeys
}

/** A refusal of the whole request: answered `{ error: text }`. */
export class V2Refusal extends Error {
  override name = 'V2Refusal'
  constructor(readonly text: string) {
    super(text)
  }
}

// ---- Wire formats -----------------------------------------------------------------------------------------

/**
 * Micro-USD as panels write money: a decimal string, exact to the micro, with at least two decimals
 * (2_400_000 → '2.40', 1_234_567 → '1.234567', 12_345_600 → '12.3456').
 */
export function decimalText(micros: number): string {
  const sign = micros < 0 ? '-' : ''
  const digits = String(Math.abs(Math.trunc(micros))).padStart(7, '0')
  const fraction = digits.slice(-6).replace(/0+$/, '').padEnd(2, '0')
  return `${sign}${digits.slice(0, -6)}.${fraction}`
}

/**
 * Our order statuses in the protocol's words. `paused` (an external step failed after its retries; no money
 * moved; the order waits for a retry or a review) reads 'Processing': panels use that word for an order they
 * hold on their side before or while handing it on, which is what a paused order is to the caller: active, not
 * delivering, not ended, so a reseller keeps polling it rather than refunding its own customer.
 */
export const V2_ORDER_STATUS: Readonly<Record<OrderStatus, string>> = {
  pending: 'Pending',
  processing: 'In progress',
  paused: 'Processing',
  completed: 'Completed',
  partial: 'Partial',
  cancelled: 'Canceled',
}

export const V2_REFILL_STATUS: Readonly<Record<RefillStatus, string>> = {
  pending: 'Pending',
  in_progress: 'In progress',
  completed: 'Completed',
  rejected: 'Rejected',
  error: 'Error',
}

/** A positive whole id as the protocol sends it ('42'), or null. */
export function idOf(text: string | undefined): number | null {
  const trimmed = text?.trim() ?? ''
  if (!/^[1-9]\d{0,14}$/.test(trimmed)) return null
  return Number(trimmed)
}

/** The ids of a comma-separated `orders` field, as written (blank entries dropped). */
export function idListOf(text: string | undefined): string[] {
  return (text ?? '')
    .split(',')
    .map((id) => id.trim())
    .filter((id) => id !== '')
}

/** The service's limits as orders are held to them: its own, inside the panel's 1 - 10,000. */
export function quantityLimits(service: Service): { min: number; max: number } {
  return {
    min: Math.max(service.min_quantity, QUANTITY_MIN),
    max: Math.min(service.max_quantity, QUANTITY_MAX),
  }
}

/** AI comment and tweet services take their texts in `comments`, one per line: Custom Comments to panels. */
export function serviceTypeOf(service: Service): 'Default' | 'Custom Comments' {
  return service.is_ai === 1 ? 'Custom Comments' : 'Default'
}
