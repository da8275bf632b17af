import {
  microsToUsd,
  NOTIFICATION_KINDS,
  type NotificationKind,
  type NotificationPreferences,
  type UpdateNotificationPreferencesRequest,
  usdToMicros,
} from '@engage/contract'
import type { Db } from '../../db/connect'

// Which notifications are also e-mailed, per customer and kind, and the low-balance threshold. A kind without
// a row takes its default, so a kind added later (ticket replies) needs no migration of every account.

/**
 * Every kind is e-mailed unless switched off, except a completed order: a customer with many orders (a mass
 * order, a subscription) would get a message for each, for news the order list already shows. A partial or
 * cancelled order moved money back, which is worth a message.
 */
export const DEFAULT_EMAIL: Readonly<Record<NotificationKind, boolean>> = {
  order_completed: false,
  order_partial: true,
  order_cancelled: true,
  deposit_credited: true,
  low_balance: true,
  ticket_reply: true,
}

/** Whether `kind` is e-mailed to `userId`; read in the transaction that writes the notification. */
export async function emailSwitchedOn(trx: Db, userId: number, kind: NotificationKind): Promise<boolean> {
  const row = await trx
    .selectFrom('notification_preferences')
    .select('email')
    .where('user_id', '=', userId)
    .where('kind', '=', kind)
    .executeTakeFirst()
  return row === undefined ? DEFAULT_EMAIL[kind] : row.email === 1
}

export async function notificationPreferences(db: Db, userId: number): Promise<NotificationPreferences> {
  const [rows, user] = await Promise.all([
    db
      .selectFrom('notification_preferences')
      .select(['kind', 'email'])
      .where('user_id', '=', userId)
      .execute(),
    db.selectFrom('users').select('low_balance_threshold').where('id', '=', userId).executeTakeFirstOrThrow(),
  ])
  const email = { ...DEFAULT_EMAIL }
  for (const row of rows) {
    if ((NOTIFICATION_KINDS as readonly string[]).includes(row.kind)) email[row.kind] = row.email === 1
  }
  const threshold = user.low_balance_threshold
  return { email, lowBalanceThreshold: threshold === null ? null : microsToUsd(Number(threshold)) }
}

/** Applies the switches and the threshold given, leaving the others as they are; answers the new state. */
export async function updateNotificationPreferences(
  db: Db,
  userId: number,
  update: UpdateNotificationPreferencesRequest,
): Promise<NotificationPreferences> {
  await db.transaction().execute(async (trx) => {
    for (const [kind, on] of Object.entries(update.email ?? {}) as [
      NotificationKind,
      boolean | undefined,
    ][]) {
      if (on === undefined) continue
      await trx
        .insertInto('notification_preferences')
        .values({ user_id: userId, kind, email: on ? 1 : 0 })
        .onConflict((conflict) => conflict.columns(['user_id', 'kind']).doUpdateSet({ email: on ? 1 : 0 }))
        .execute()
    }
    if (update.lowBalanceThreshold !== undefined) {
      const threshold = update.lowBalanceThreshold
      await trx
        .updateTable('users')
        .set({ low_balance_threshold: threshold === null ? null : usdToMicros(threshold) })
        .where('id', '=', userId)
        .execute()
    }
  })
  return notificationPreferences(db, userId)
}
