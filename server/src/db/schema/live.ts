// The live updates' outbox (migration 0170, ADR 180): written by triggers, read by the API processes.

import type { Id, Instant } from './columns'

export type LiveTopic = 'order' | 'balance' | 'updates' | 'notification'

export interface LiveEventsTable {
  id: Id
  /** The customer the change concerns; null for a change every customer sees (the panel's updates). */
  user_id: number | null
  topic: LiveTopic
  /** The order of an 'order' event; the notification of a 'notification' event. */
  subject_id: number | null
  /** The database's clock, epoch milliseconds. */
  created_at: Instant
}
