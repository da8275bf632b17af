// GET /api/user/me, PUT /api/user/profile.

import * as z from 'zod'
import { TIMEZONES } from '../constants'
import { PHONE_INVALID, TIMEZONE_INVALID } from '../messages'
import { AiProvider, AiSetting } from './aiSettings'
import { Email } from './auth'
import { IsoDateTime, UsdAmount } from './common'
import { Order } from './orders'
import { Transaction } from './wallet'

export const Timezone = z.enum(TIMEZONES, { error: TIMEZONE_INVALID })
export type Timezone = z.infer<typeof Timezone>

export const UserSettings = z.object({ phone: z.string(), timezone: Timezone })
export type UserSettings = z.infer<typeof UserSettings>

/** An entry of the dashboard's Updates tab; one with a url opens it in a new window. */
export const Update = z.object({
  id: z.string(),
  /** A semantic icon name ('sparkles', 'bell', 'info', 'gift'); the screens map it to a glyph. */
  icon: z.string(),
  title: z.string(),
  text: z.string(),
  date: IsoDateTime,
  url: z.string().nullable(),
})
export type Update = z.infer<typeof Update>

/** A Contact Us entry (chat bot, support mail with its hours, crypto payment provider support). */
export const ContactMethod = z.object({
  id: z.string(),
  /** A semantic icon name ('chat', 'mail', 'wallet'). */
  icon: z.string(),
  title: z.string(),
  /** What is shown as the contact ('@EngageSupportBot', 'support@example.com'). */
  value: z.string(),
  /** Secondary text ('Everyday | 9 AM to 5 PM'). */
  text: z.string(),
  url: z.string().nullable(),
})
export type ContactMethod = z.infer<typeof ContactMethod>

/** GET /api/contact-methods: the Contact Us methods, in their order, for visitors as for customers. */
export const ContactMethodsResponse = z.array(ContactMethod)
export type ContactMethodsResponse = z.infer<typeof ContactMethodsResponse>

export const MeResponse = z.object({
  username: z.string(),
  email: z.string(),
  /** USD. */
  balance: UsdAmount,
  /** Image URL, or null (the UI shows a generic icon). */
  profilePhoto: z.string().nullable(),
  totalOrders: z.number().int().nonnegative(),
  /** Orders placed on the whole panel; the UI shows PANEL_TOTAL_ORDERS_FALLBACK when absent. */
  totalOrdersPanel: z.number().int().nonnegative().optional(),
  settings: UserSettings,
  aiSettings: z.array(AiSetting),
  /**
   * The AI providers this panel holds its own key for: a setting of one of them runs without a key of its own;
   * a setting of another provider needs the customer's key. A server that does not say lends none.
   */
  aiProvidersWithPanelKey: z.array(AiProvider).default([]),
  /** The latest 50, newest first (all of them through GET /api/wallet/transactions). */
  transactions: z.array(Transaction),
  /** The latest 50, newest first (all of them through GET /api/orders/get). */
  orders: z.array(Order),
  updates: z.array(Update),
  contactMethods: z.array(ContactMethod),
  /** Unread notifications (the bell's count); a server that does not say has none. */
  unreadNotifications: z.number().int().min(0).default(0),
})
export type MeResponse = z.infer<typeof MeResponse>

const Phone = z
  .string({ error: PHONE_INVALID })
  .trim()
  .max(32, PHONE_INVALID)
  .regex(/^$|^\+?[\d\s().-]{5,}$/, PHONE_INVALID)

/** Any subset of the editable fields; an empty phone clears it. */
export const UpdateProfileRequest = z.object({
  email: Email.optional(),
  phone: Phone.optional(),
  timezone: Timezone.optional(),
})
export type UpdateProfileRequest = z.input<typeof UpdateProfileRequest>

export const UpdateProfileResponse = z.object({ email: z.string(), settings: UserSettings })
export type UpdateProfileResponse = z.infer<typeof UpdateProfileResponse>
