import type { Migration } from 'kysely'
import * as core from './0001_core'
import * as subscriptionRate from './0002_subscription_rate'
import * as walletHistory from './0003_wallet_history'
import * as aiPresets from './0004_ai_presets'
import * as providers from './0010_providers'
import * as subscriptionSkips from './0011_subscription_skips'
import * as payments from './0020_payments'
import * as aiGeneration from './0030_ai_generation'
import * as googleSignin from './0040_google_signin'
import * as apiAccess from './0050_api_access'
import * as operatorConsole from './0060_operator_console'
import * as jobRequestIds from './0110_job_request_ids'
import * as idempotencyKeys from './0120_idempotency_keys'
import * as twoFactorAndSessions from './0140_two_factor_and_sessions'
import * as serviceCatalogue from './0160_service_catalogue'
import * as liveEvents from './0170_live_events'
import * as refillWindow from './0180_refill_window'
import * as dripFeed from './0190_drip_feed'
import * as supportTickets from './0200_support_tickets'
import * as notifications from './0210_notifications'
import * as affiliates from './0220_affiliates'
import * as analyticsRollups from './0230_analytics_rollups'
import * as workspaces from './0240_workspaces'
import * as workspaceActors from './0250_workspace_actors'
import * as statementRefusal from './0260_statement_refusal'

// Every migration, in order. Names are stable: they are recorded in the kysely_migration table.
export const migrations: Record<string, Migration> = {
  '0001_core': core,
  '0002_subscription_rate': subscriptionRate,
  '0003_wallet_history': walletHistory,
  '0004_ai_presets': aiPresets,
  '0010_providers': providers,
  '0011_subscription_skips': subscriptionSkips,
  '0020_payments': payments,
  '0030_ai_generation': aiGeneration,
  '0040_google_signin': googleSignin,
  '0050_api_access': apiAccess,
  '0060_operator_console': operatorConsole,
  '0110_job_request_ids': jobRequestIds,
  '0120_idempotency_keys': idempotencyKeys,
  '0140_two_factor_and_sessions': twoFactorAndSessions,
  '0160_service_catalogue': serviceCatalogue,
  '0170_live_events': liveEvents,
  '0180_refill_window': refillWindow,
  '0190_drip_feed': dripFeed,
  '0200_support_tickets': supportTickets,
  '0210_notifications': notifications,
  '0220_affiliates': affiliates,
  '0230_analytics_rollups': analyticsRollups,
  '0240_workspaces': workspaces,
  '0250_workspace_actors': workspaceActors,
  '0260_statement_refusal': statementRefusal,
}
