import { sql } from 'kysely'
import type { Db } from '../db/connect'
import { reusableQuery } from '../db/reusable-query'
import type { LedgerKind } from '../db/schema'
import { notifyLowBalanceCrossing } from './notifications/notify'
import { countMemberSpend, returnMemberSpend, spendMonth } from './workspaces/spend'

// The wallet ledger: every balance change is one ledger entry written in the same
// transaction as a conditional balance update, so balance = sum of the user's entries, always.
// Callers pass the transaction they are in; these functions never open one of their own.

export interface LedgerChange {
  userId: number
  /** Positive micro-USD. */
  amount: number
  kind: LedgerKind
  reference: string
  /** Unique per business event: a repeated event finds its key taken and changes nothing. */
  idempotencyKey: string
  note?: string | null
  /**
   * The workspace member the entry is the act of (see LedgerKind for each kind); null when none is. A debit
   * with an actor counts against the actor's monthly spend limit in the workspace of the account.
   */
  actorUserId?: number | null
  now: number
}

export class InsufficientFundsError extends Error {
  constructor() {
    super('Insufficient balance')
  }
}

function assertPositiveMicros(amount: number) {
  if (!Number.isSafeInteger(amount) || amount <= 0) throw new RangeError(`Bad ledger amount: ${amount}`)
}

/** The entry's insert, compiled once: nothing when the idempotency key is taken. */
const runInsertEntry = reusableQuery(
  (
    trx: Db,
    entry: {
      userId: number
      amount: number
      kind: string
      reference: string
      idempotencyKey: string
      note: string | null
      actorUserId: number | null
      now: number
    },
  ) =>
    trx
      .insertInto('ledger_entries')
      .values({
        user_id: entry.userId,
        amount: entry.amount,
        kind: entry.kind as LedgerKind,
        reference: entry.reference,
        idempotency_key: entry.idempotencyKey,
        note: entry.note,
        actor_user_id: entry.actorUserId,
        created_at: entry.now,
      })
      .onConflict((conflict) => conflict.column('idempotency_key').doNothing())
      .returning('id'),
  {
    userId: -917_100_001,
    amount: -917_100_002,
    kind: '\u0000kind',
    reference: '\u0000reference',
    idempotencyKey: '\u0000idempotency key',
    note: '\u0000note',
    actorUserId: -917_100_003,
    now: -917_100_004,
  },
)

async function insertEntry(trx: Db, change: LedgerChange, signedAmount: number): Promise<boolean> {
  const { rows } = await runInsertEntry(trx, {
    userId: change.userId,
    amount: signedAmount,
    kind: change.kind,
    reference: change.reference,
    idempotencyKey: change.idempotencyKey,
    note: change.note ?? null,
    actorUserId: change.actorUserId ?? null,
    now: change.now,
  })
  return rows.length > 0
}

/**
 * Adds money to a balance. Returns false (and changes nothing) when an entry with the same idempotency key
 * exists: a replayed webhook or a repeated sync credits once.
 */
export async function credit(trx: Db, change: LedgerChange): Promise<boolean> {
  assertPositiveMicros(change.amount)
  if (!(await insertEntry(trx, change, change.amount))) return false
  await trx
    .updateTable('users')
    .set({ balance: sql`balance + ${change.amount}` })
    .where('id', '=', change.userId)
    .executeTakeFirstOrThrow()
  return true
}

/** The conditional debit, compiled once: no row when the balance does not cover the amount. */
const runDebit = reusableQuery(
  (trx: Db, { userId, amount }: { userId: number; amount: number }) =>
    trx
      .updateTable('users')
      .set({ balance: sql`balance - ${amount}` })
      .where('id', '=', userId)
      .where('balance', '>=', amount)
      .returning(['balance', 'low_balance_threshold']),
  { userId: -917_100_011, amount: -917_100_012 },
)

/**
 * Takes money from a balance, only if the balance covers it: the conditional update is the check, so two
 * concurrent debits can never both pass. A debit that takes the balance below the customer's low-balance
 * threshold notifies them in the same transaction. Throws InsufficientFundsError when it does not, and
 * DuplicateLedgerEventError when the idempotency key was already used; either way the caller's transaction
 * must roll back. A debit with an actor also throws SpendLimitError past the actor's monthly spend limit.
 */
export async function debit(trx: Db, change: LedgerChange): Promise<void> {
  assertPositiveMicros(change.amount)
  const [updated] = (await runDebit(trx, { userId: change.userId, amount: change.amount })).rows
  if (!updated) throw new InsufficientFundsError()
  if (!(await insertEntry(trx, change, -change.amount))) {
    // The event was already recorded: undo this transaction's debit by failing it.
    throw new DuplicateLedgerEventError(change.idempotencyKey)
  }
  // The balance before and after this debit are both known here, under the row's lock: the one place where
  // a fall below the customer's threshold is seen exactly once, whichever debit causes it.
  await notifyLowBalanceCrossing(trx, {
    userId: change.userId,
    amount: change.amount,
    balance: Number(updated.balance),
    threshold: updated.low_balance_threshold === null ? null : Number(updated.low_balance_threshold),
    now: change.now,
  })
  // After the balance row, as every order transaction locks them (see domain/orders/place.ts).
  if (change.actorUserId != null) {
    await countMemberSpend(trx, {
      accountId: change.userId,
      actorUserId: change.actorUserId,
      amount: change.amount,
      now: change.now,
    })
  }
}

export interface OrderRefund {
  /** The account the order belongs to. */
  userId: number
  orderId: number
  /** Positive micro-USD. */
  amount: number
  idempotencyKey: string
  note?: string | null
  now: number
}

/**
 * Credits a refund of (part of) an order's charge, as `credit` does. Its actor is the member whose debit paid
 * for the order (the actor of the order's charge, whoever causes the refund), and what is refunded comes off
 * that member's spend of the month the order was charged in, in this transaction: a member's monthly count is
 * what they spent net of refunds. Returns false (and changes nothing) when the refund was already recorded.
 */
export async function creditOrderRefund(trx: Db, refund: OrderRefund): Promise<boolean> {
  const charge = await trx
    .selectFrom('ledger_entries')
    .select(['actor_user_id', 'created_at'])
    // The key every way of placing an order charges it under.
    .where('idempotency_key', '=', `order:${refund.orderId}:charge`)
    .executeTakeFirst()
  const actorUserId = charge?.actor_user_id == null ? null : Number(charge.actor_user_id)
  const credited = await credit(trx, {
    userId: refund.userId,
    amount: refund.amount,
    kind: 'refund',
    reference: `order:${refund.orderId}`,
    idempotencyKey: refund.idempotencyKey,
    note: refund.note ?? null,
    actorUserId,
    now: refund.now,
  })
  if (credited && charge && actorUserId !== null) {
    // After the balance row, as the debit counted it.
    await returnMemberSpend(trx, {
      accountId: refund.userId,
      actorUserId,
      amount: refund.amount,
      month: spendMonth(Number(charge.created_at)),
    })
  }
  return credited
}

export class DuplicateLedgerEventError extends Error {
  constructor(key: string) {
    super(`Ledger event already recorded: ${key}`)
  }
}

/** The sum of a user's ledger entries in micro-USD (the invariant's right-hand side). */
export async function ledgerSum(db: Db, userId: number): Promise<number> {
  const row = await db
    .selectFrom('ledger_entries')
    .select((eb) => eb.fn.coalesce(eb.fn.sum<number>('amount'), eb.lit(0)).as('total'))
    .where('user_id', '=', userId)
    .executeTakeFirstOrThrow()
  return Number(row.total)
}

/**
 * The refund of an order that stopped with `remains` units undelivered: charge × remains / quantity, rounded
 * DOWN to the micro-USD so that we never refund more than the undelivered share of what was charged.
 */
export function undeliveredRefundMicros(charge: number, quantity: number, remains: number): number {
  if (quantity <= 0 || charge <= 0) return 0
  const undelivered = Math.min(Math.max(remains, 0), quantity)
  return Number((BigInt(charge) * BigInt(undelivered)) / BigInt(quantity))
}
