// What the panel offers: services and their upstream providers, AI settings, and the updates and contact
// methods customers read.

import type { ColumnType } from 'kysely'
import type { Id, Instant, Micros } from './columns'

export interface AiSettingsTable {
  user_id: number
  /** Client-generated (UUID or a preset id such as 'default'); unique per user, matched case-insensitively. */
  id: string
  name: string
  model: string
  provider: string
  temperature: number
  max_tokens: number
  top_p: number
  frequency_penalty: number
  presence_penalty: number
  system_prompt: string
  user_prompt: string
  /** AES-256-GCM under DATA_KEY; responses show it masked. */
  api_key_encrypted: string | null
  last_used_at: Instant
  created_at: Instant
  updated_at: Instant
}

export interface ServicesTable {
  id: Id
  /** The service type the spec's client sends (e.g. 'followers', 'ai_comments'). */
  name: string
  category: string
  description: string
  /** Micro-USD per 1,000 units. */
  rate_per_1k: Micros
  min_quantity: number
  max_quantity: number
  is_ai: ColumnType<number, number | undefined, number>
  enabled: ColumnType<number, number | undefined, number>
  refill: ColumnType<number, number | undefined, number>
  /** Days after an order completed that a refill may be asked for (1-365; migration 0180). */
  refill_days: ColumnType<number, number | undefined, number>
  cancel: ColumnType<number, number | undefined, number>
  provider_id: number | null
  remote_service_id: string | null
  created_at: Instant
  updated_at: Instant
}

export interface UpdatesTable {
  id: Id
  icon: string
  title: string
  text: string
  url: string | null
  date_at: Instant
}

export interface ContactMethodsTable {
  id: Id
  icon: string
  title: string
  value: string
  text: string
  url: string | null
  sort_order: number
}

/** An upstream SMM panel orders are placed with (API v2); migration 0010. */
export interface ProvidersTable {
  id: Id
  name: string
  /** The API v2 endpoint, e.g. https://panel.example/api/v2. */
  api_url: string
  /** AES-256-GCM under DATA_KEY (crypto/secrets.ts); never shown in full. */
  api_key_encrypted: string
  enabled: ColumnType<number, number | undefined, number>
  /** The margin rule in hundredths of a percent (1250 = 12.5 %); null = none. */
  margin_basis_points: ColumnType<number | null, number | null | undefined, number | null>
  created_at: Instant
  updated_at: Instant
}

/** A provider's service as `provider:import` last read it (their rate is what we pay); migration 0010. */
export interface ProviderServicesTable {
  provider_id: number
  remote_service_id: string
  name: string
  /** e.g. 'Default', 'Custom Comments'. */
  type: string
  category: string
  /** Micro-USD per 1,000 units that the provider charges. */
  rate_per_1k: Micros
  min_quantity: number
  max_quantity: number
  refill: number
  cancel: number
  imported_at: Instant
}
