// The application database, the same on SQLite and PostgreSQL.
// Portable column choices (see docs/decisions/005-database-and-ledger.md):
// - money is integer micro-USD in `bigint` columns (1 USD = 1,000,000); pg's bigint parser is set to Number;
// - instants are epoch milliseconds in `bigint` columns named `*_at`;
// - booleans are integers 0/1; JSON documents are text.

import type { Selectable } from 'kysely'
import type {
  ApiKeysTable,
  AuthAttemptsTable,
  GoogleSigninStatesTable,
  IdempotencyKeysTable,
  MailOutboxTable,
  PasswordResetsTable,
  SessionsTable,
  TwoFactorChallengesTable,
  TwoFactorRecoveryCodesTable,
  TwoFactorTable,
  UsersTable,
} from './accounts'
import type {
  AiSettingsTable,
  ContactMethodsTable,
  ProviderServicesTable,
  ProvidersTable,
  ServicesTable,
  UpdatesTable,
} from './catalogue'
import type { LiveEventsTable } from './live'
import type { LedgerEntriesTable, PaymentsTable, SandboxOutcomesTable } from './money'
import type { AuditLogTable, JobsTable } from './operations'
import type {
  OrderAiGenerationsTable,
  OrderTextsTable,
  OrdersTable,
  RefillsTable,
  SubscriptionsTable,
} from './orders'

export type * from './accounts'
export type * from './catalogue'
export type * from './money'
export type * from './orders'
export type * from './operations'
export type * from './live'

export interface Database {
  users: UsersTable
  idempotency_keys: IdempotencyKeysTable
  sessions: SessionsTable
  two_factor: TwoFactorTable
  two_factor_recovery_codes: TwoFactorRecoveryCodesTable
  two_factor_challenges: TwoFactorChallengesTable
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
  audit_log: AuditLogTable
  live_events: LiveEventsTable
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
export type AuditLogRow = Selectable<AuditLogTable>
