import { sql } from 'kysely'
import type { Db } from '../db/connect'
import type { LedgerKind } from '../db/schema'

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

async function insertEntry(trx: Db, change: LedgerChange, signedAmount: number): Promise<boolean> {
  const inserted = await trx
    .insertInto('ledger_entries')
    .values({
      user_id: change.userId,
      amount: signedAmount,
      kind: change.kind,
      reference: change.reference,
      idempotency_key: change.idempotencyKey,
      note: change.note ?? null,
      created_at: change.now,
    })
    .onConflict((conflict) => conflict.column('idempotency_key').doNothing())
    .returning('id')
    .executeTakeFirst()
  return inserted !== undefined
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

/**
 * Takes money from a balance, only if the balance covers it: the conditional update is the check, so two
 * concurrent debits can never both pass. Throws InsufficientFundsError when it does not, and
 * DuplicateLedgerEventError when the idempotency key was already used; either way the caller's transaction
 * must roll back.
 */
export async function debit(trx: Db, change: LedgerChange): Promise<void> {
  assertPositiveMicros(change.amount)
  const updated = await trx
    .updateTable('users')
    .set({ balance: sql`balance - ${change.amount}` })
    .where('id', '=', change.userId)
    .where('balance', '>=', change.amount)
    .executeTakeFirst()
  if (Number(updated.numUpdatedRows) !== 1) throw new InsufficientFundsError()
  if (!(await insertEntry(trx, change, -change.amount))) {
    // The event was already recorded: undo this transaction's debit by failing it.
    throw new DuplicateLedgerEventError(change.idempotencyKey)
  }
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
