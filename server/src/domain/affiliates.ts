import { randomBytes } from 'node:crypto'
import { type AffiliateSummaryResponse, microsToUsd, type ReferralEarningStatus } from '@engage/contract'
import type { Db } from '../db/connect'
import type { ReferralEarning } from '../db/schema'
import { isUniqueViolation } from './accounts'
import { credit } from './ledger'

// Affiliates (ADR 240): every customer has a referral link; an account created through it is attributed to
// the link's owner once and for good; when a referred customer's order ends completed or partial, the referrer
// earns the operator's rate of what the order kept, held for the operator's hold days (a refund in that time
// recomputes it), then credited to the referrer's balance by one `referral` ledger entry.

const DAY_MS = 24 * 60 * 60 * 1000
const BASIS_POINTS = 10_000

// ---- Referral codes ---------------------------------------------------------------------------------------

// Lowercase letters and digits without the look-alikes (0 o 1 l i): a code survives being read aloud.
const CODE_ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789'
const CODE_LENGTH = 10

/** A format check before any lookup: a link with anything else is not ours. */
export const REFERRAL_CODE_PATTERN = /^[a-z2-9]{10}$/

function newReferralCode(): string {
  // 31^10 ≈ 8 × 10^14 codes: not guessable by walking the space; the modulo bias of 256 % 31 is immaterial here.
  return Array.from(randomBytes(CODE_LENGTH), (byte) => CODE_ALPHABET[byte % CODE_ALPHABET.length]).join('')
}

/** The customer's referral code, given the first time it is asked for and the same ever after. */
export async function referralCodeOf(db: Db, userId: number): Promise<string> {
  for (let attempt = 1; ; attempt += 1) {
    const existing = await db
      .selectFrom('users')
      .select('referral_code')
      .where('id', '=', userId)
      .executeTakeFirstOrThrow()
    if (existing.referral_code !== null) return existing.referral_code
    try {
      // Conditional, so two first visits of the page at once settle on one code.
      await db
        .updateTable('users')
        .set({ referral_code: newReferralCode() })
        .where('id', '=', userId)
        .where('referral_code', 'is', null)
        .execute()
    } catch (error) {
      // Another account drew the same code: draw again.
      if (!isUniqueViolation(error) || attempt >= 5) throw error
    }
  }
}

/** The active account a referral code belongs to, if any. */
export async function referrerOfCode(db: Db, code: string): Promise<number | undefined> {
  if (!REFERRAL_CODE_PATTERN.test(code)) return undefined
  const row = await db
    .selectFrom('users')
    .select('id')
    .where('referral_code', '=', code)
    .where('disabled_at', 'is', null)
    .executeTakeFirst()
  return row ? Number(row.id) : undefined
}

// ---- Visits and sign-ups ----------------------------------------------------------------------------------

function utcDay(now: number): string {
  return new Date(now).toISOString().slice(0, 10)
}

/** Counts one visit of the referrer's link on today's (UTC) count; nothing about the visitor is kept. */
export async function countReferralVisit(db: Db, referrerId: number, now: number): Promise<void> {
  await db
    .insertInto('referral_visits')
    .values({ referrer_id: referrerId, day: utcDay(now), visits: 1 })
    .onConflict((conflict) =>
      conflict
        .columns(['referrer_id', 'day'])
        .doUpdateSet((eb) => ({ visits: eb('referral_visits.visits', '+', 1) })),
    )
    .execute()
}

/**
 * Attributes a new account to the owner of `code`, in the transaction that creates it. Answers whether it did:
 * an unknown code, the account's own code, or an account that already has a referrer changes nothing (the
 * referral's primary key is the referred account, so a referrer is never replaced).
 */
export async function attributeSignup(
  trx: Db,
  referredId: number,
  code: string | undefined,
  now: number,
): Promise<boolean> {
  if (code === undefined) return false
  const referrerId = await referrerOfCode(trx, code)
  if (referrerId === undefined || referrerId === referredId) return false
  const inserted = await trx
    .insertInto('referrals')
    .values({ referred_id: referredId, referrer_id: referrerId, created_at: now })
    .onConflict((conflict) => conflict.column('referred_id').doNothing())
    .returning('referred_id')
    .executeTakeFirst()
  return inserted !== undefined
}

// ---- Settings ---------------------------------------------------------------------------------------------

export interface AffiliateSettings {
  rateBasisPoints: number
  holdDays: number
  updatedAt: number
}

export async function affiliateSettings(db: Db): Promise<AffiliateSettings> {
  const row = await db
    .selectFrom('affiliate_settings')
    .selectAll()
    .where('id', '=', 1)
    .executeTakeFirstOrThrow()
  return {
    rateBasisPoints: Number(row.rate_basis_points),
    holdDays: Number(row.hold_days),
    updatedAt: Number(row.updated_at),
  }
}

export async function saveAffiliateSettings(
  trx: Db,
  settings: { rateBasisPoints: number; holdDays: number },
  now: number,
): Promise<AffiliateSettings> {
  await trx
    .updateTable('affiliate_settings')
    .set({ rate_basis_points: settings.rateBasisPoints, hold_days: settings.holdDays, updated_at: now })
    .where('id', '=', 1)
    .execute()
  return { ...settings, updatedAt: now }
}

// ---- Earnings ---------------------------------------------------------------------------------------------

function commission(kept: number, rateBasisPoints: number): number {
  return Math.floor((kept * rateBasisPoints) / BASIS_POINTS)
}

/**
 * Records the referrer's commission on an order that has just ended completed or partial, in the transaction
 * that ended it. `kept` is what the order keeps of its charge (the charge less every refund, the undelivered
 * part of a partial order included). Once per order; nothing when the customer was not referred or the rate
 * gives nothing.
 */
export async function recordReferralEarning(
  trx: Db,
  order: { id: number; userId: number; kept: number },
  now: number,
): Promise<void> {
  const referral = await trx
    .selectFrom('referrals')
    .select('referrer_id')
    .where('referred_id', '=', order.userId)
    .executeTakeFirst()
  if (!referral) return
  const settings = await affiliateSettings(trx)
  const amount = commission(order.kept, settings.rateBasisPoints)
  if (amount <= 0) return
  await trx
    .insertInto('referral_earnings')
    .values({
      referrer_id: Number(referral.referrer_id),
      referred_id: order.userId,
      order_id: order.id,
      rate_basis_points: settings.rateBasisPoints,
      kept: order.kept,
      amount,
      status: 'pending',
      available_at: now + settings.holdDays * DAY_MS,
      paid_at: null,
      created_at: now,
      updated_at: now,
    })
    .onConflict((conflict) => conflict.column('order_id').doNothing())
    .execute()
}

/**
 * After a refund on an order, in the refund's transaction: a commission still in its hold is recomputed on
 * what the order now keeps, at the rate it was earned at, and reversed when that is nothing. A commission
 * already credited (or past its hold) stays as it is.
 */
export async function reviseReferralEarning(trx: Db, orderId: number, now: number): Promise<void> {
  const earning = await trx
    .selectFrom('referral_earnings')
    .selectAll()
    .where('order_id', '=', orderId)
    .where('status', '=', 'pending')
    .where('available_at', '>', now)
    .executeTakeFirst()
  if (!earning) return
  const order = await trx
    .selectFrom('orders')
    .select(['charge', 'refunded'])
    .where('id', '=', orderId)
    .executeTakeFirstOrThrow()
  const kept = Math.max(0, Number(order.charge) - Number(order.refunded))
  const amount = commission(kept, Number(earning.rate_basis_points))
  await trx
    .updateTable('referral_earnings')
    .set({ kept, amount, status: amount > 0 ? 'pending' : 'reversed', updated_at: now })
    .where('id', '=', earning.id)
    .where('status', '=', 'pending')
    .execute()
}

/** The ledger reference and idempotency key of an earning's credit. */
function earningReference(earningId: number): string {
  return `referral:${String(earningId)}`
}

/**
 * Credits every commission whose hold is over, each in its own transaction: the earning moves pending → paid
 * by a conditional update and the ledger entry (keyed by the earning) is written with it, so however many
 * workers run this at once each earning is credited exactly once. Answers how many were credited.
 */
export async function creditMaturedEarnings(db: Db, now: number, batchSize = 500): Promise<number> {
  const due = await db
    .selectFrom('referral_earnings')
    .select('id')
    .where('status', '=', 'pending')
    .where('available_at', '<=', now)
    .orderBy('available_at')
    .limit(batchSize)
    .execute()
  let credited = 0
  for (const { id } of due) {
    const paid = await db.transaction().execute(async (trx) => {
      const earning = await trx
        .updateTable('referral_earnings')
        .set({ status: 'paid', paid_at: now, updated_at: now })
        .where('id', '=', id)
        .where('status', '=', 'pending')
        .where('available_at', '<=', now)
        .returningAll()
        .executeTakeFirst()
      if (!earning) return false
      return credit(trx, {
        userId: Number(earning.referrer_id),
        amount: Number(earning.amount),
        kind: 'referral',
        reference: earningReference(Number(earning.id)),
        idempotencyKey: earningReference(Number(earning.id)),
        note: `Referral commission on order ${String(earning.order_id)}`,
        now,
      })
    })
    if (paid) credited += 1
  }
  return credited
}

// ---- The customer's summary -------------------------------------------------------------------------------

const LIST_LIMIT = 100

function iso(instant: number): string {
  return new Date(instant).toISOString()
}

function shownStatus(earning: ReferralEarning, now: number): ReferralEarningStatus {
  if (earning.status === 'pending' && earning.available_at <= now) return 'available'
  return earning.status
}

function percentOf(basisPoints: number): number {
  return basisPoints / 100
}

/** GET /api/affiliates: the link, its counts, the commission totals and the latest earnings and payouts. */
export async function affiliateSummary(
  db: Db,
  userId: number,
  publicUrl: string,
  now: number,
): Promise<AffiliateSummaryResponse> {
  const code = await referralCodeOf(db, userId)
  const [visits, signups, totals, earnings, payouts, settings] = await Promise.all([
    db
      .selectFrom('referral_visits')
      .select((eb) => eb.fn.coalesce(eb.fn.sum<number | string>('visits'), eb.lit(0)).as('total'))
      .where('referrer_id', '=', userId)
      .executeTakeFirstOrThrow(),
    db
      .selectFrom('referrals')
      .select((eb) => eb.fn.countAll<number | string>().as('total'))
      .where('referrer_id', '=', userId)
      .executeTakeFirstOrThrow(),
    db
      .selectFrom('referral_earnings')
      .select(['status', 'available_at', 'amount'])
      .where('referrer_id', '=', userId)
      .where('status', '<>', 'reversed')
      .execute(),
    db
      .selectFrom('referral_earnings')
      .selectAll()
      .where('referrer_id', '=', userId)
      .orderBy('id', 'desc')
      .limit(LIST_LIMIT)
      .execute(),
    db
      .selectFrom('ledger_entries')
      .select(['id', 'amount', 'reference', 'created_at'])
      .where('user_id', '=', userId)
      .where('kind', '=', 'referral')
      .orderBy('id', 'desc')
      .limit(LIST_LIMIT)
      .execute(),
    affiliateSettings(db),
  ])
  const sums = { pending: 0, available: 0, paid: 0 }
  for (const row of totals) {
    const status = row.status === 'paid' ? 'paid' : row.available_at <= now ? 'available' : 'pending'
    sums[status] += Number(row.amount)
  }
  const orderOfEarning = new Map(earnings.map((earning) => [earningReference(earning.id), earning.order_id]))
  const missing = payouts
    .map((payout) => payout.reference)
    .filter((reference) => !orderOfEarning.has(reference))
  if (missing.length > 0) {
    const older = await db
      .selectFrom('referral_earnings')
      .select(['id', 'order_id'])
      .where(
        'id',
        'in',
        missing.map((reference) => Number(reference.slice('referral:'.length))),
      )
      .execute()
    for (const row of older) orderOfEarning.set(earningReference(row.id), row.order_id)
  }
  return {
    code,
    link: new URL(`/r/${code}`, publicUrl).toString(),
    visits: Number(visits.total),
    signups: Number(signups.total),
    pending: microsToUsd(sums.pending),
    available: microsToUsd(sums.available),
    paid: microsToUsd(sums.paid),
    rate_percent: percentOf(settings.rateBasisPoints),
    hold_days: settings.holdDays,
    earnings: earnings.map((earning) => ({
      id: String(earning.id),
      order_id: String(earning.order_id),
      order_amount: microsToUsd(Number(earning.kept)),
      rate_percent: percentOf(Number(earning.rate_basis_points)),
      amount: microsToUsd(Number(earning.amount)),
      status: shownStatus(earning, now),
      created_at: iso(earning.created_at),
      available_at: iso(earning.available_at),
      paid_at: earning.paid_at === null ? null : iso(earning.paid_at),
    })),
    payouts: payouts.map((payout) => {
      const orderId = orderOfEarning.get(payout.reference)
      return {
        id: `ledger-${String(payout.id)}`,
        amount: microsToUsd(Number(payout.amount)),
        order_id: orderId === undefined ? null : String(orderId),
        paid_at: iso(payout.created_at),
      }
    }),
  }
}
