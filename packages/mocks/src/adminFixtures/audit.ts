// An audit trail of operator writes.

import type { AuditEntry } from '@engage/contract'
import { hoursBefore } from '../fixtures'
import { fixtureAdminMe, fixtureSupportMe } from './operators'

export function fixtureAdminAudit(): AuditEntry[] {
  const entry = (
    fields: Omit<AuditEntry, 'created_at' | 'actor_id' | 'actor_email' | 'actor_role'> & {
      hoursAgo: number
      support?: boolean
    },
  ): AuditEntry => {
    const { hoursAgo, support, ...rest } = fields
    const actor = support ? fixtureSupportMe : fixtureAdminMe
    return {
      created_at: hoursBefore(hoursAgo),
      actor_id: actor.id,
      actor_email: actor.email,
      actor_role: actor.role,
      ...rest,
    }
  }
  return [
    entry({
      id: '9',
      action: 'order.refund',
      target: 'order:1044',
      before: { refunded: 0 },
      after: { refunded: 0.36 },
      reason: 'Undelivered remainder',
      hoursAgo: 50,
      support: true,
    }),
    entry({
      id: '8',
      action: 'user.disable',
      target: 'user:7',
      before: { disabled_at: null },
      after: { disabled_at: hoursBefore(20) },
      reason: 'Chargeback fraud pattern',
      hoursAgo: 20,
    }),
    entry({
      id: '7',
      action: 'provider.margin',
      target: 'provider:1',
      before: { margin_percent: 20 },
      after: { margin_percent: 25 },
      reason: 'Q4 pricing',
      hoursAgo: 48,
    }),
    entry({
      id: '6',
      action: 'service.update',
      target: 'service:8',
      before: { enabled: true },
      after: { enabled: false },
      reason: 'Provider out of stock',
      hoursAgo: 49,
    }),
    entry({
      id: '5',
      action: 'user.adjust_balance',
      target: 'user:3',
      before: { balance: 200 },
      after: { balance: 245 },
      reason: 'Bank transfer received',
      hoursAgo: 300,
    }),
  ]
}
