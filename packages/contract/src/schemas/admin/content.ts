import * as z from 'zod'
import { ADMIN_TITLE_REQUIRED } from '../../messages'
import { IsoDateTime, requiredText } from '../common'
import { ContactMethod, Update } from '../user'
import { OptionalAdminReason } from './blocks'

// ---- Updates and contact methods (what customers see) ----------------------------------------------------

export const AdminUpdateInput = z.object({
  /** A semantic icon name ('sparkles', 'bell', 'info', 'gift'). */
  icon: z.string().trim().min(1).max(40).default('info'),
  title: requiredText(ADMIN_TITLE_REQUIRED, 200),
  text: z.string().trim().max(5000).default(''),
  url: z.url().max(2048).nullable().default(null),
  /** Shown as the entry's date; defaults to now. */
  date: IsoDateTime.optional(),
  reason: OptionalAdminReason,
})
export type AdminUpdateInput = z.input<typeof AdminUpdateInput>

/** The customers' Updates tab as the console lists it: the same entries the dashboard shows. */
export const AdminUpdatesResponse = z.object({ updates: z.array(Update) })
export type AdminUpdatesResponse = z.infer<typeof AdminUpdatesResponse>
export const AdminUpdateResponse = Update
export type AdminUpdateResponse = z.infer<typeof AdminUpdateResponse>

export const AdminContactMethodInput = z.object({
  /** A semantic icon name ('chat', 'mail', 'wallet'). */
  icon: z.string().trim().min(1).max(40).default('chat'),
  title: requiredText(ADMIN_TITLE_REQUIRED, 200),
  value: z.string().trim().max(500).default(''),
  text: z.string().trim().max(2000).default(''),
  url: z.url().max(2048).nullable().default(null),
  /** Lower first. */
  sort_order: z.number().int().min(0).max(10_000).default(0),
  reason: OptionalAdminReason,
})
export type AdminContactMethodInput = z.input<typeof AdminContactMethodInput>

/** A Contact Us entry with the place the console gives it (lower first). */
export const AdminContactMethod = ContactMethod.extend({ sort_order: z.number().int() })
export type AdminContactMethod = z.infer<typeof AdminContactMethod>
export const AdminContactMethodsResponse = z.object({ contact_methods: z.array(AdminContactMethod) })
export type AdminContactMethodsResponse = z.infer<typeof AdminContactMethodsResponse>

/** DELETE of an update or a contact method: `reason` in the query string (DELETE has no body). */
export const AdminDeleteQuery = z.object({ reason: OptionalAdminReason })
