// Normalisation of server data for the screens (spec): tolerant of the field spellings older servers
// used, so a screen reads one shape.

import {
  AI_MAX_TOKENS_DEFAULT,
  AI_PENALTY_DEFAULT,
  AI_PROVIDER_IDS,
  AI_TEMPERATURE_DEFAULT,
  AI_TOP_P_DEFAULT,
  DEFAULT_AI_PROVIDER,
  DEFAULT_TIMEZONE,
  normaliseOrderStatus,
  PANEL_TOTAL_ORDERS_FALLBACK,
  REFILL_STATUSES,
  TIMEZONES,
  type AiProviderId,
  type AiSettingValues,
  type ContactMethod,
  type OrderStatus,
  type RefillStatus,
  type Timezone,
  type Transaction,
  type Update,
} from '@engage/contract'

type UnknownRecord = Record<string, unknown>

function isRecord(value: unknown): value is UnknownRecord {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}

function text(value: unknown): string | undefined {
  if (typeof value === 'string') return value
  if (typeof value === 'number' && Number.isFinite(value)) return String(value)
  return undefined
}

function finiteNumber(value: unknown): number | undefined {
  const number = typeof value === 'string' && value.trim() !== '' ? Number(value) : value
  return typeof number === 'number' && Number.isFinite(number) ? number : undefined
}

function first<T>(...values: (T | undefined)[]): T | undefined {
  return values.find((value) => value !== undefined)
}

// ---- Orders -----------------------------------------------------------------------------------------------

/** An order as the screens read it. */
export interface NormalisedOrder {
  /** id, falling back to order_id. */
  id: string
  /** ISO time: date, falling back to created_at, then to now. */
  date: string
  serviceId: string | null
  /** service_type, falling back to type. */
  serviceType: string
  /** url, falling back to target_url. */
  url: string
  quantity: number
  status: OrderStatus
  /** USD charged, when the server says. */
  charge: number | null
  startCount: number | null
  remains: number | null
  /** Why the order is paused (an external step failed after its retries); null when the server gives none. */
  pausedReason: string | null
  /** ai_comments and ai_tweets orders: texts written so far of their total; null for other orders. */
  aiProgress: { generated: number; total: number } | null
  /** ai_comments and ai_tweets orders: the texts written so far, in order; [] for other orders. */
  aiTexts: string[]
  subscriptionId: string | null
  /** A completed order of a service with refills: when its refill window ends (ISO); null otherwise. */
  refillUntil: string | null
  /** Whether the server would accept a refill now (completed, inside its window, no refill under way). */
  refillable: boolean
  /** The order's latest refill; null when it has none. */
  refill: NormalisedRefill | null
  /** Drip-feed orders: runs sent of all, the interval in minutes, the next run's ISO time, units delivered. */
  dripFeed: {
    runs: number
    interval: number
    run: number
    nextRunAt: string | null
    delivered: number
  } | null
}

export interface NormalisedRefill {
  id: string
  status: RefillStatus
  /** Why the provider refused it or it could not be asked for. */
  reason: string | null
  /** ISO times: when it was asked for, and when its status last changed. */
  requestedAt: string
  updatedAt: string
}

/** The order's latest refill, when the server sent one with an id, a known status and its dates. */
function refillOf(value: unknown): NormalisedRefill | null {
  if (!isRecord(value)) return null
  const id = text(value.id)
  const status = REFILL_STATUSES.find((known) => known === value.status)
  const requestedAt = text(value.created_at)
  if (id === undefined || status === undefined || requestedAt === undefined) return null
  return {
    id,
    status,
    reason: text(value.reason) ?? null,
    requestedAt,
    updatedAt: text(value.updated_at) ?? requestedAt,
  }
}

/** The AI texts of an order: the string entries of ai_texts, in the server's order; [] when there is none. */
function aiTexts(value: unknown): string[] {
  if (!Array.isArray(value)) return []
  return value.filter((entry): entry is string => typeof entry === 'string')
}

/** id/order_id, date/created_at (default now), service_type/type, url/target_url, quantity (default 0). */
export function normaliseOrder(raw: unknown, now: Date = new Date()): NormalisedOrder {
  const order = isRecord(raw) ? raw : {}
  const aiProgress = isRecord(order.ai_progress) ? order.ai_progress : undefined
  const generated = finiteNumber(aiProgress?.generated)
  const total = finiteNumber(aiProgress?.total)
  return {
    id: first(text(order.id), text(order.order_id)) ?? '',
    date: first(text(order.date), text(order.created_at)) ?? now.toISOString(),
    serviceId: first(text(order.serviceId), text(order.service_id)) ?? null,
    serviceType: first(text(order.service_type), text(order.serviceType), text(order.type)) ?? '',
    url: first(text(order.url), text(order.target_url)) ?? '',
    quantity: finiteNumber(order.quantity) ?? 0,
    status: normaliseOrderStatus(order.status),
    charge: finiteNumber(order.charge) ?? null,
    startCount: finiteNumber(order.start_count) ?? null,
    remains: finiteNumber(order.remains) ?? null,
    pausedReason: text(order.paused_reason) ?? null,
    aiProgress: generated !== undefined && total !== undefined ? { generated, total } : null,
    aiTexts: aiTexts(order.ai_texts),
    subscriptionId: text(order.subscription_id) ?? null,
    refillUntil: text(order.refill_until) ?? null,
    refillable: order.refillable === true,
    refill: refillOf(order.refill),
    dripFeed: dripFeedOf(order.drip_feed),
  }
}

/** A drip-feed order's progress, when the server sent one whole; else null. */
function dripFeedOf(value: unknown): NormalisedOrder['dripFeed'] {
  if (!isRecord(value)) return null
  const runs = finiteNumber(value.runs)
  const interval = finiteNumber(value.interval)
  const run = finiteNumber(value.run)
  const delivered = finiteNumber(value.delivered)
  if (runs === undefined || interval === undefined || run === undefined || delivered === undefined)
    return null
  return { runs, interval, run, nextRunAt: text(value.next_run_at) ?? null, delivered }
}

const validationErrorKeys = ['input', 'loc', 'msg', 'type']

/** An entry shaped like a backend validation error: exactly the keys type, loc, msg and input. */
function isValidationErrorEntry(entry: UnknownRecord): boolean {
  const keys = Object.keys(entry).sort()
  return (
    keys.length === validationErrorKeys.length &&
    keys.every((key, index) => key === validationErrorKeys[index])
  )
}

/**
 * keeps the entries that are orders. Drops validation-error-shaped entries and entries without a string
 * id (id or order_id) and a string status; anything that is not a list gives [].
 */
export function normaliseOrders(raw: unknown, now: Date = new Date()): NormalisedOrder[] {
  if (!Array.isArray(raw)) return []
  return raw
    .filter((entry): entry is UnknownRecord => isRecord(entry))
    .filter((entry) => !isValidationErrorEntry(entry))
    .filter(
      (entry) =>
        (typeof entry.id === 'string' || typeof entry.order_id === 'string') &&
        typeof entry.status === 'string',
    )
    .map((entry) => normaliseOrder(entry, now))
}

// ---- AI settings ------------------------------------------------------------------------------------------

function isProvider(value: unknown): value is AiProviderId {
  return typeof value === 'string' && (AI_PROVIDER_IDS as readonly string[]).includes(value)
}

/**
 * camelCase or snake_case; missing values default to maxTokens 500, topP 1, penalties 0, apiKey '',
 * provider deepseek, temperature 0.7 and lastUsed now.
 */
export function normaliseAiSetting(raw: unknown, now: Date = new Date()): AiSettingValues {
  const setting = isRecord(raw) ? raw : {}
  const provider = setting.provider
  return {
    id: text(setting.id) ?? '',
    name: text(setting.name) ?? '',
    model: text(setting.model) ?? '',
    provider: isProvider(provider) ? provider : DEFAULT_AI_PROVIDER,
    temperature: finiteNumber(setting.temperature) ?? AI_TEMPERATURE_DEFAULT,
    maxTokens:
      first(finiteNumber(setting.maxTokens), finiteNumber(setting.max_tokens)) ?? AI_MAX_TOKENS_DEFAULT,
    topP: first(finiteNumber(setting.topP), finiteNumber(setting.top_p)) ?? AI_TOP_P_DEFAULT,
    frequencyPenalty:
      first(finiteNumber(setting.frequencyPenalty), finiteNumber(setting.frequency_penalty)) ??
      AI_PENALTY_DEFAULT,
    presencePenalty:
      first(finiteNumber(setting.presencePenalty), finiteNumber(setting.presence_penalty)) ??
      AI_PENALTY_DEFAULT,
    systemPrompt: first(text(setting.systemPrompt), text(setting.system_prompt)) ?? '',
    userPrompt: first(text(setting.userPrompt), text(setting.user_prompt)) ?? '',
    apiKey: first(text(setting.apiKey), text(setting.api_key)) ?? '',
    lastUsed: first(text(setting.lastUsed), text(setting.last_used)) ?? now.toISOString(),
  }
}

// ---- User -------------------------------------------------------------------------------------------------

export interface NormalisedUser {
  username: string
  email: string
  /** USD; 0 when missing. */
  balance: number
  /** null → the generic icon. */
  profilePhoto: string | null
  totalOrders: number
  /** Falls back to 25011 when the server gives none. */
  totalOrdersPanel: number
  settings: { phone: string; timezone: Timezone }
  aiSettings: AiSettingValues[]
  /** The AI providers the panel lends its own key for ([] when the server does not say). */
  aiProvidersWithPanelKey: string[]
  transactions: Transaction[]
  orders: NormalisedOrder[]
  updates: Update[]
  contactMethods: ContactMethod[]
  /** The bell's count; 0 when missing. */
  unreadNotifications: number
}

function isTimezone(value: unknown): value is Timezone {
  return typeof value === 'string' && (TIMEZONES as readonly string[]).includes(value)
}

function listOf<T>(value: unknown): T[] {
  return Array.isArray(value) ? (value as T[]) : []
}

/** The current-user answer as the screens read it, with the defaults  */
export function normaliseUser(raw: unknown, now: Date = new Date()): NormalisedUser {
  const user = isRecord(raw) ? raw : {}
  const settings = isRecord(user.settings) ? user.settings : {}
  const photo = text(user.profilePhoto)
  return {
    username: text(user.username) ?? '',
    email: text(user.email) ?? '',
    balance: finiteNumber(user.balance) ?? 0,
    profilePhoto: photo === undefined || photo === '' ? null : photo,
    totalOrders: finiteNumber(user.totalOrders) ?? 0,
    totalOrdersPanel: finiteNumber(user.totalOrdersPanel) ?? PANEL_TOTAL_ORDERS_FALLBACK,
    settings: {
      phone: text(settings.phone) ?? '',
      timezone: isTimezone(settings.timezone) ? settings.timezone : DEFAULT_TIMEZONE,
    },
    aiSettings: listOf<unknown>(user.aiSettings).map((setting) => normaliseAiSetting(setting, now)),
    aiProvidersWithPanelKey: listOf<unknown>(user.aiProvidersWithPanelKey).filter(
      (provider): provider is string => typeof provider === 'string',
    ),
    transactions: listOf<Transaction>(user.transactions),
    orders: normaliseOrders(user.orders, now),
    updates: listOf<Update>(user.updates),
    contactMethods: listOf<ContactMethod>(user.contactMethods),
    unreadNotifications: finiteNumber(user.unreadNotifications) ?? 0,
  }
}
