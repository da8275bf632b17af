// Customer notifications (migration 0210, ADR 230).

import type { NotificationKind } from '@engage/contract'
import type { Id, Instant } from './columns'

export interface NotificationsTable {
  id: Id
  user_id: number
  kind: NotificationKind
  title: string
  body: string
  /** A path in the panel (the order, the wallet), or null. */
  link: string | null
  /** The facts the texts were written from (JSON), for a client that wants them. */
  payload: string
  created_at: Instant
  read_at: Instant | null
}

export interface NotificationPreferencesTable {
  user_id: number
  kind: NotificationKind
  /** 1: e-mail this kind; 0: the bell only. A kind without a row takes its default. */
  email: number
}
