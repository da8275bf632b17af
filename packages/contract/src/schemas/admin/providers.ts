import * as z from 'zod'
import {
  ADMIN_API_URL_INVALID,
  ADMIN_MARGIN_RANGE,
  ADMIN_NAME_REQUIRED,
  API_KEY_REQUIRED,
} from '../../messages'
import { isHttpUrl } from '../../orders'
import { IsoDateTime, requiredText, UsdAmount } from '../common'
import { OptionalAdminReason } from './blocks'
import { AdminService } from './services'

// ---- Providers --------------------------------------------------------------------------------------------

export const AdminProvider = z.object({
  id: z.string(),
  name: z.string(),
  api_url: z.string(),
  /** '••••••••' and the key's last 4 characters; the key itself is never answered. */
  api_key_masked: z.string(),
  enabled: z.boolean(),
  /** The margin rule: our rate = their rate × (1 + margin / 100), rounded up to the micro-USD; null = none. */
  margin_percent: z.number().nullable(),
  /** Services imported from it (provider_services). */
  services_count: z.number().int().nonnegative(),
  /** Our services mapped to it. */
  mapped_services_count: z.number().int().nonnegative(),
  created_at: IsoDateTime,
  updated_at: IsoDateTime,
})
export type AdminProvider = z.infer<typeof AdminProvider>

export const AdminProvidersResponse = z.object({ providers: z.array(AdminProvider) })
export type AdminProvidersResponse = z.infer<typeof AdminProvidersResponse>

/** An http(s) URL of a provider's API v2 endpoint. */
export const ProviderApiUrl = z
  .string({ error: ADMIN_API_URL_INVALID })
  .trim()
  .max(2048, ADMIN_API_URL_INVALID)
  .refine(isHttpUrl, { message: ADMIN_API_URL_INVALID })

/** POST /api/admin/providers. The name is unique. */
export const AdminCreateProviderRequest = z.object({
  name: requiredText(ADMIN_NAME_REQUIRED, 100),
  api_url: ProviderApiUrl,
  api_key: requiredText(API_KEY_REQUIRED, 500),
  reason: OptionalAdminReason,
})
export type AdminCreateProviderRequest = z.input<typeof AdminCreateProviderRequest>

/** PUT /api/admin/providers/{id}: any subset; a new api_key replaces the stored one (a masked value keeps it). */
export const AdminUpdateProviderRequest = z.object({
  api_url: ProviderApiUrl.optional(),
  api_key: requiredText(API_KEY_REQUIRED, 500).optional(),
  enabled: z.boolean().optional(),
  reason: OptionalAdminReason,
})
export type AdminUpdateProviderRequest = z.input<typeof AdminUpdateProviderRequest>

/** GET /api/admin/providers/{id}/balance: the provider's API v2 `balance`, asked live. */
export const AdminProviderBalanceResponse = z.object({
  provider_id: z.string(),
  /** As the provider reports it (its own currency, usually USD). */
  balance: z.number(),
  currency: z.string(),
  checked_at: IsoDateTime,
})
export type AdminProviderBalanceResponse = z.infer<typeof AdminProviderBalanceResponse>

/** A provider's service as its `services` call last answered it. */
export const AdminProviderService = z.object({
  provider_id: z.string(),
  remote_service_id: z.string(),
  name: z.string(),
  type: z.string(),
  category: z.string(),
  /** What the provider charges, USD per 1,000. */
  rate_per_1k: UsdAmount,
  min_quantity: z.number().int(),
  max_quantity: z.number().int(),
  refill: z.boolean(),
  cancel: z.boolean(),
  imported_at: IsoDateTime,
  /** Names of our services mapped to it. */
  mapped_to: z.array(z.string()),
})
export type AdminProviderService = z.infer<typeof AdminProviderService>

/**
 * GET /api/admin/providers/{id}/services (the stored catalogue) and POST /api/admin/providers/{id}/import
 * (asks the provider's API v2 `services` now and stores the answer).
 */
export const AdminProviderServicesResponse = z.object({ services: z.array(AdminProviderService) })
export type AdminProviderServicesResponse = z.infer<typeof AdminProviderServicesResponse>

export const AdminImportProviderRequest = z.object({ reason: OptionalAdminReason })

/**
 * POST /api/admin/providers/{id}/margin: stores the margin and sets the rate of every service mapped to this
 * provider to the provider's imported rate × (1 + margin_percent / 100), rounded up to the micro-USD.
 */
export const AdminProviderMarginRequest = z.object({
  margin_percent: z
    .number({ error: ADMIN_MARGIN_RANGE })
    .min(-100, ADMIN_MARGIN_RANGE)
    .max(10_000, ADMIN_MARGIN_RANGE)
    .refine((value) => Math.round(value * 100) / 100 === value, { message: ADMIN_MARGIN_RANGE }),
  reason: OptionalAdminReason,
})
export type AdminProviderMarginRequest = z.input<typeof AdminProviderMarginRequest>

export const AdminProviderMarginResponse = z.object({
  provider: AdminProvider,
  /** The services whose rate was set (mapped to this provider, with an imported remote rate). */
  services: z.array(AdminService),
})
export type AdminProviderMarginResponse = z.infer<typeof AdminProviderMarginResponse>
