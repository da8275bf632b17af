import type { ColumnType, Generated, Selectable } from 'kysely'

// The application database, the same on SQLite and PostgreSQL.
// Portable column choices (see docs/decisions/005-database-and-ledger.md):
// - money is integer micro-USD in `bigint` columns (1 USD = 1,000,000); pg's bigint parser is set to Number;
// - instants are epoch milliseconds in `bigint` columns named `*_at`;
// - booleans are integers 0/1; JSON documents are text.

/** A primary key the database assigns. */
type Id = Generated<number>
/** An epoch-milliseconds instant. */
type Instant = number
type Micros = number

export type Role = 'customer' | 'support' | 'admin'

export interface UsersTable {
  id: Id
  email: string
  username: string
  password_hash: string | null
  google_sub: string | null
  role: ColumnType<Role, Role | undefined, Role>
  /** Micro-USD; always equals the sum of the user's ledger entries (CHECK balance >= 0). */
  balance: ColumnType<Micros, Micros | undefined, Micros>
  phone: string | null
  timezone: ColumnType<string, string | undefined, string>
  profile_photo: string | null
  disabled_at: Instant | null
  created_at: Instant
  /** When the two AI presets were created for the user (once, at the first /api/user/me); migration 0004. */
  ai_presets_at: ColumnType<Instant | null, Instant | null | undefined, Instant | null>
}

export interface SessionsTable {
  /** The public session id the client keeps as `sessionId`. */
  id: string
  /** SHA-256 of the bearer token; the token itself is never stored. */
  token_hash: string
  user_id: number
  created_at: Instant
  last_used_at: Instant
  /** Absolute expiry; idle expiry is last_used_at + the idle window. */
  expires_at: Instant
}

export interface AuthAttemptsTable {
  id: Id
  /** 'signin' | 'signup' | 'forgot' | 'reset' */
  action: string
  /** What is being limited: `ip:<address>` or `account:<email>`. */
  subject: string
  created_at: Instant
}

export interface PasswordResetsTable {
  token_hash: string
  user_id: number
  expires_at: Instant
  used_at: Instant | null
  created_at: Instant
}

/**
 * A Google sign-in on its way through Google (migration 0040): found by the SHA-256 of its `state`, deleted
 * by the callback that uses it.
 */
export interface GoogleSigninStatesTable {
  state_hash: string
  /** Must come back inside the ID token. */
  nonce: string
  /** The PKCE verifier sent with the code to the token endpoint. */
  code_verifier: string
  expires_at: Instant
  created_at: Instant
}

export interface MailOutboxTable {
  id: Id
  to_address: string
  subject: string
  body: string
  created_at: Instant
  sent_at: Instant | null
}

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

export type LedgerKind = 'deposit' | 'order_payment' | 'refund' | 'adjustment' | 'withdrawal'

export interface LedgerEntriesTable {
  id: Id
  user_id: number
  /** Signed micro-USD: credits positive, debits negative. */
  amount: Micros
  kind: LedgerKind
  /** What the entry is about, e.g. 'order:42' or 'payment:dep_x'. */
  reference: string
  /** Unique: the same business event can never write two entries. */
  idempotency_key: string
  note: string | null
  created_at: Instant
}

export type OrderStatus = 'pending' | 'processing' | 'paused' | 'completed' | 'partial' | 'cancelled'

export interface OrdersTable {
  id: Id
  user_id: number
  service_id: number
  /** The service name at order time, as the client shows it. */
  service_type: string
  target_url: string
  quantity: number
  /** Micro-USD charged at creation: rate × quantity, rounded up. */
  charge: Micros
  /** Micro-USD refunded so far (partial, cancel, operator refunds). */
  refunded: ColumnType<Micros, Micros | undefined, Micros>
  status: OrderStatus
  start_count: number | null
  remains: number | null
  custom_comment: string | null
  /** JSON of the AI setting used (without its key), frozen at order time. */
  ai_setting: string | null
  subscription_id: number | null
  /** Why the order is paused, shown to the customer. */
  paused_reason: string | null
  provider_id: number | null
  upstream_order_id: string | null
  /** Set just before calling the upstream's `add`; with no upstream id it means "maybe placed": never resend. */
  upstream_attempted_at: Instant | null
  created_at: Instant
  updated_at: Instant
}

export type SubscriptionStatus = 'active' | 'paused' | 'cancelled' | 'completed'

export interface SubscriptionsTable {
  id: Id
  user_id: number
  service_id: number
  service_type: string
  plan: string
  target_url: string
  renewal_period: string
  quantity_per_period: number
  /** Micro-USD per 1,000 units at creation: the total cost is quoted at it and every period is charged at it. */
  rate_per_1k: Micros
  start_at: Instant
  end_at: Instant
  period_count: number
  periods_placed: number
  /** Periods skipped because the balance could not cover their charge; migration 0011. */
  periods_skipped: ColumnType<number, number | undefined, number>
  next_run_at: Instant | null
  status: SubscriptionStatus
  /** JSON array of AI setting ids. */
  ai_setting_ids: string
  note: string | null
  created_at: Instant
  updated_at: Instant
}

export type JobStatus = 'queued' | 'running' | 'done' | 'dead'

export interface JobsTable {
  id: Id
  kind: string
  /** JSON payload. */
  payload: string
  status: ColumnType<JobStatus, JobStatus | undefined, JobStatus>
  run_at: Instant
  attempts: ColumnType<number, number | undefined, number>
  max_attempts: number
  lease_owner: string | null
  lease_expires_at: Instant | null
  last_error: string | null
  /** Optional de-duplication key: at most one job per key. */
  unique_key: string | null
  /** The request that enqueued the job, for the logs (migration 0110). */
  request_id: ColumnType<string | null, string | null | undefined, string | null>
  created_at: Instant
  updated_at: Instant
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

export type PaymentStatus = 'pending' | 'completed' | 'failed'

export interface PaymentsTable {
  id: Id
  /** Our own order id for the deposit, given to the gateway and returned to /wallet. */
  order_id: string
  user_id: number
  gateway: string
  /** The gateway's invoice/payment id; unique per gateway. */
  gateway_id: string | null
  /** NOWPayments: the id of the payment made against the invoice, named by its first IPN; migration 0020. */
  gateway_payment_id: ColumnType<string | null, string | null | undefined, string | null>
  amount_requested: Micros
  amount_credited: Micros | null
  currency: string | null
  network: string | null
  status: PaymentStatus
  gateway_status: string | null
  txid: string | null
  /** JSON of what the gateway reported. */
  details: string
  payment_url: string | null
  created_at: Instant
  updated_at: Instant
  credited_at: Instant | null
}

/** One AI-written text of an ai_comments or ai_tweets order (migration 0030). */
export interface OrderTextsTable {
  order_id: number
  /** 0-based; the line of the text in the `comments` sent upstream. */
  position: number
  text: string
  created_at: Instant
}

/** The generation of an AI order's texts: tokens spent and whose key paid (migration 0030). */
export interface OrderAiGenerationsTable {
  order_id: number
  provider: string
  model: string
  key_source: 'customer' | 'operator'
  prompt_tokens: ColumnType<number, number | undefined, number>
  completion_tokens: ColumnType<number, number | undefined, number>
  started_at: Instant
  completed_at: Instant | null
  updated_at: Instant
}

/** What the customer chose on the sandbox checkout page: the sandbox gateway's own record; migration 0020. */
export interface SandboxOutcomesTable {
  order_id: string
  status: 'paid' | 'failed'
  /** Decimal USD, e.g. '25.00'. */
  amount_usd: string
  txid: string
  created_at: Instant
}

/** A key a customer calls the SMM panel API v2 with (migration 0050); only its SHA-256 is stored. */
export interface ApiKeysTable {
  id: Id
  user_id: number
  /** The customer's label for the key. */
  name: string
  /** SHA-256 (hex) of the whole key; unique. */
  key_hash: string
  /** The key's first characters ('ep_' and a few more), shown so keys can be told apart. */
  prefix: string
  created_at: Instant
  /** Written at most once a minute. */
  last_used_at: Instant | null
  revoked_at: Instant | null
}

export type RefillStatus = 'pending' | 'in_progress' | 'completed' | 'rejected' | 'error'

/** A refill of a completed order asked for through API v2, tracked with the order's provider (migration 0050). */
export interface RefillsTable {
  id: Id
  order_id: number
  user_id: number
  status: RefillStatus
  /** The provider's refill id once its `refill` answered. */
  upstream_refill_id: string | null
  /** Why the refill was rejected or could not be asked for. */
  reason: string | null
  created_at: Instant
  updated_at: Instant
}

export interface IdempotencyKeysTable {
  user_id: number
  /** The client's Idempotency-Key header. */
  key: string
  /** SHA-256 of the method, path and body the key was first used with. */
  request_hash: string
  /** The first answer's status and body; null while that request still runs. */
  status: number | null
  body: string | null
  created_at: Instant
}

export interface Database {
  users: UsersTable
  idempotency_keys: IdempotencyKeysTable
  sessions: SessionsTable
  auth_attempts: AuthAttemptsTable
  password_resets: PasswordResetsTable
  google_signin_states: GoogleSigninStatesTable
  mail_outbox: MailOutboxTable
  ai_settings: AiSettingsTable
  services: ServicesTable
  updates: UpdatesTable
  contact_methods: ContactMethodsTable
  ledger_entries: LedgerEntriesTable
  orders: OrdersTable
  subscriptions: SubscriptionsTable
  jobs: JobsTable
  payments: PaymentsTable
  sandbox_outcomes: SandboxOutcomesTable
  order_texts: OrderTextsTable
  order_ai_generations: OrderAiGenerationsTable
  providers: ProvidersTable
  provider_services: ProviderServicesTable
  api_keys: ApiKeysTable
  refills: RefillsTable
}

export type User = Selectable<UsersTable>
export type Order = Selectable<OrdersTable>
export type Service = Selectable<ServicesTable>
export type LedgerEntry = Selectable<LedgerEntriesTable>
export type Job = Selectable<JobsTable>
export type Payment = Selectable<PaymentsTable>
export type Subscription = Selectable<SubscriptionsTable>
export type AiSettingRow = Selectable<AiSettingsTable>
export type Provider = Selectable<ProvidersTable>
export type ProviderService = Selectable<ProviderServicesTable>
export type ApiKey = Selectable<ApiKeysTable>
export type Refill = Selectable<RefillsTable>

// ---- Operator console (migration 0060, ADR 070): declared by interface merging so the tables above stay as
// they were.

/** One operator write; rows are only inserted. */
export interface AuditLogTable {
  id: Id
  actor_id: number
  actor_email: string
  actor_role: 'support' | 'admin'
  /** The contract's AuditAction ('order.refund'). */
  action: string
  /** '<kind>:<id>', e.g. 'order:42'. */
  target: string
  before_json: string | null
  after_json: string | null
  reason: string | null
  created_at: Instant
}

export interface ProvidersTable {
  /** The margin rule in hundredths of a percent (1250 = 12.5 %); null = none. */
  margin_basis_points: ColumnType<number | null, number | null | undefined, number | null>
}

export interface IdempotencyKeysTable {
  user_id: number
  /** The client's Idempotency-Key header. */
  key: string
  /** SHA-256 of the method, path and body the key was first used with. */
  request_hash: string
  /** The first answer's status and body; null while that request still runs. */
  status: number | null
  body: string | null
  created_at: Instant
}

export interface Database {
  audit_log: AuditLogTable
}

export type AuditLogRow = Selectable<AuditLogTable>
