import { type Expression, type RawBuilder, sql } from 'kysely'
import type { Db } from '../../db/connect'
import { reusableQuery } from '../../db/reusable-query'

// Per-member monthly spend limits (ADR 270). What a member spends of a workspace's money is counted per
// calendar month (UTC) in member_monthly_spend, raised by the debit's transaction with a conditional update:
// the update is the check, so two concurrent orders of one member can never both pass the limit.

/** The calendar month (UTC) an instant falls in, as 'YYYY-MM'. */
export function spendMonth(now: number): string {
  return new Date(now).toISOString().slice(0, 7)
}

export class SpendLimitError extends Error {
  override name = 'SpendLimitError'
  constructor() {
    super('Monthly spend limit reached')
  }
}

/**
 * The end of every insert into member_monthly_spend that counts a debit: a month already counted has the debit
 * (`excluded.spent`) added only while the sum stays within the member's limit. Answers the new count, or no row
 * when the limit refused it. The insert's own select holds the first debit of the month to the limit.
 */
export const ADD_WITHIN_LIMIT = sql`on conflict (workspace_id, user_id, month) do update
  set spent = member_monthly_spend.spent + excluded.spent
  where member_monthly_spend.spent + excluded.spent <= coalesce(
    (select m.monthly_limit from workspace_members m
      where m.workspace_id = member_monthly_spend.workspace_id and m.user_id = member_monthly_spend.user_id),
    member_monthly_spend.spent + excluded.spent)
  returning spent`

/** The count's upsert, compiled once: no row when the member's limit refused it, or no member is counted. */
const runCountMemberSpend = reusableQuery(
  (_db: Db, count: { accountId: number; actorUserId: number; amount: number; month: string }) => {
    const workspace = sql`(select id from workspaces where account_id = ${count.accountId})`
    const amount = sql`cast(${count.amount} as bigint)`
    return sql`insert into member_monthly_spend (workspace_id, user_id, month, spent)
      select m.workspace_id, m.user_id, cast(${count.month} as text), ${amount} from workspace_members m
      where m.workspace_id = ${workspace} and m.user_id = cast(${count.actorUserId} as bigint)
        and ${amount} <= coalesce(m.monthly_limit, ${amount})
      ${ADD_WITHIN_LIMIT}`
  },
  { accountId: -917_400_001, actorUserId: -917_400_002, amount: -917_400_003, month: '\u0000month' },
)

/**
 * Counts `amount` micro-USD against what `actorUserId` spent this month of the money of the workspace whose
 * account is `accountId`, in the caller's transaction; throws SpendLimitError (and the caller rolls back) when
 * it would take the member past their limit. A debit of no workspace member (an operator's) counts nothing.
 * One upsert, whose conditions are the check: the month's first debit inserts the count only within the limit,
 * a later one adds to it only within the limit (on PostgreSQL, a concurrent one waits for the row and checks
 * the count it left). Only a refused count reads again, to tell a member over the limit from no member.
 */
export async function countMemberSpend(
  trx: Db,
  input: { accountId: number; actorUserId: number; amount: number; now: number },
): Promise<void> {
  const counted = await runCountMemberSpend(trx, {
    accountId: input.accountId,
    actorUserId: input.actorUserId,
    amount: input.amount,
    month: spendMonth(input.now),
  })
  if (counted.rows.length > 0) return
  if (await isWorkspaceMember(trx, input.accountId, input.actorUserId)) throw new SpendLimitError()
}

/**
 * The SQL condition that the person `userId` is a member of the workspace whose account is `accountId` (each a
 * value or an expression of the statement): what tells a count refused by a member's limit from a debit that no
 * member's count covers. PostgreSQL's order statement asks it in its own refusal.
 */
export function isMemberOfAccount(
  accountId: number | Expression<unknown>,
  userId: number | Expression<unknown>,
): RawBuilder<boolean> {
  return sql<boolean>`exists (select 1 from workspace_members m
    where m.user_id = ${userId} and m.workspace_id = (select id from workspaces where account_id = ${accountId}))`
}

/** Whether `userId` is a member of the workspace whose account is `accountId`: a refused count's reason. */
async function isWorkspaceMember(trx: Db, accountId: number, userId: number): Promise<boolean> {
  const { rows } = await sql<{
    member: unknown
  }>`select ${isMemberOfAccount(accountId, userId)} as member`.execute(trx)
  return Number(rows[0]?.member) === 1
}

/**
 * Takes a refund of `amount` micro-USD off what `actorUserId` spent in `month` ('YYYY-MM', the month the refunded
 * order was charged in) of the money of the workspace whose account is `accountId`, in the caller's transaction,
 * after the balance row as a debit counts it. A refund gives back what the member may still spend that month, never
 * more than was counted: the count stops at zero rather than fail the refund. A month with no count (the member
 * placed nothing that month, or was no member) changes nothing.
 */
export async function returnMemberSpend(
  trx: Db,
  input: { accountId: number; actorUserId: number; amount: number; month: string },
): Promise<void> {
  const amount = sql`cast(${input.amount} as bigint)`
  await sql`update member_monthly_spend
    set spent = case when spent > ${amount} then spent - ${amount} else 0 end
    where workspace_id = (select id from workspaces where account_id = ${input.accountId})
      and user_id = ${input.actorUserId} and month = ${input.month}`.execute(trx)
}
