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
import type { LedgerRollupsTable, OrderRollupsTable, UpstreamCallRollupsTable } from './analytics'
import type { LiveEventsTable } from './live'
import type { SupportMessagesTable, SupportTicketsTable } from './support'
import type { NotificationPreferencesTable, NotificationsTable } from './notifications'
import type {
  AffiliateSettingsTable,
  ReferralEarningsTable,
  ReferralVisitsTable,
  ReferralsTable,
} from './affiliates'
import type {
  MemberMonthlySpendTable,
  WorkspaceActivityTable,
  WorkspaceInvitationsTable,
  WorkspaceMembersTable,
  WorkspacesTable,
} from './workspaces'
import type { LedgerEntriesTable, PaymentsTable, SandboxOutcomesTable } from './money'
import type { AuditLogTable, JobsTable } from './operations'
import type {
  OrderAiGenerationsTable,
  OrderRunsTable,
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
export type * from './support'
export type * from './notifications'
export type * from './affiliates'
export type * from './analytics'
export type * from './workspaces'

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
  order_runs: OrderRunsTable
  providers: ProvidersTable
  provider_services: ProviderServicesTable
  api_keys: ApiKeysTable
  refills: RefillsTable
  audit_log: AuditLogTable
  live_events: LiveEventsTable
  support_tickets: SupportTicketsTable
  support_messages: SupportMessagesTable
  notifications: NotificationsTable
  notification_preferences: NotificationPreferencesTable
  referrals: ReferralsTable
  referral_visits: ReferralVisitsTable
  referral_earnings: ReferralEarningsTable
  affiliate_settings: AffiliateSettingsTable
  order_rollups: OrderRollupsTable
  ledger_rollups: LedgerRollupsTable
  upstream_call_rollups: UpstreamCallRollupsTable
  workspaces: WorkspacesTable
  workspace_members: WorkspaceMembersTable
  workspace_invitations: WorkspaceInvitationsTable
  member_monthly_spend: MemberMonthlySpendTable
  workspace_activity: WorkspaceActivityTable
}

export type User = Selectable<UsersTable>
export type Order = Selectable<OrdersTable>
export type OrderRun = Selectable<OrderRunsTable>
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
export type ReferralEarning = Selectable<ReferralEarningsTable>
