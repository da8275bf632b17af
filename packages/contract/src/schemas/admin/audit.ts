import * as z from 'zod'
import { IsoDateTime, PageQuery } from '../common'
import { NextCursor, OPERATOR_ROLES } from './blocks'

// ---- Audit log --------------------------------------------------------------------------------------------

/** Every operator write and the action name its audit entry carries. */
export const AUDIT_ACTIONS = [
  'service.create',
  'service.update',
  'provider.create',
  'provider.update',
  'provider.import',
  'provider.margin',
  'provider.delete',
  'user.adjust_balance',
  'user.set_role',
  'user.disable',
  'user.enable',
  'order.retry',
  'order.pause',
  'order.cancel',
  'order.refund',
  'order.set_status',
  'payment.recheck',
  'update.create',
  'update.update',
  'update.delete',
  'contact_method.create',
  'contact_method.update',
  'contact_method.delete',
  'job.retry',
  'ticket.reply',
  'ticket.assign',
  'ticket.close',
  'ticket.reopen',
  'affiliates.settings',
] as const
export const AuditAction = z.enum(AUDIT_ACTIONS)
export type AuditAction = z.infer<typeof AuditAction>

/** One operator action: who, what, on what, the target before and after (JSON), why and when. */
export const AuditEntry = z.object({
  id: z.string(),
  created_at: IsoDateTime,
  actor_id: z.string(),
  actor_email: z.string(),
  actor_role: z.enum(OPERATOR_ROLES),
  action: AuditAction,
  /** '<kind>:<id>': 'order:42', 'user:7', 'service:3', 'provider:1', 'payment:5', 'update:2',
   * 'contact_method:4', 'job:9', 'ticket:12'. */
  target: z.string(),
  before: z.unknown().nullable(),
  after: z.unknown().nullable(),
  reason: z.string().nullable(),
})
export type AuditEntry = z.infer<typeof AuditEntry>

/** GET /api/admin/audit: newest first. `target` matches exactly ('order:42') or by kind ('order'). */
export const AdminAuditQuery = PageQuery.extend({
  action: AuditAction.optional(),
  target: z.string().trim().min(1).max(200).optional(),
  /** The operator's user id. */
  actor: z.string().trim().min(1).max(200).optional(),
})
export const AdminAuditResponse = z.object({ entries: z.array(AuditEntry), nextCursor: NextCursor })
export type AdminAuditResponse = z.infer<typeof AdminAuditResponse>
