// The customer's mock state, its ids, and the refusals the handlers answer with.

import {
  type AiProvider,
  type AiSetting,
  type ApiKeySummary,
  type ContactMethod,
  type CryptoMethod,
  maskApiKey,
  type Notification,
  type NotificationPreferences,
  type Order,
  type PaymentStatus,
  type Subscription,
  type Timezone,
  type TicketThread,
  type Transaction,
  transactionSign,
  type InvitationPreview,
  type Update,
  usdToMicros,
} from '@engage/contract'
import {
  FIXTURE_PANEL_TOTAL_ORDERS,
  fixtureApiKeys,
  fixtureContactMethods,
  fixtureNotificationPreferences,
  fixtureNotifications,
  fixtureOrders,
  fixturePaymentMethods,
  fixtureProfile,
  fixtureSecurity,
  fixtureServices,
  fixtureStoredAiSettings,
  fixtureSubscriptions,
  fixtureTickets,
  fixtureTransactions,
  fixtureUpdates,
  type MockSecurity,
  fixtureWorkspaces,
  type MockWorkspaces,
} from '../fixtures'

/** A refusal with the API's status and `{ detail, field? }`, as the server would answer. */
export class MockRefusal extends Error {
  constructor(
    readonly status: number,
    readonly detail: string,
    readonly field?: string,
  ) {
    super(detail)
  }
}

interface StoredPayment {
  amount: number
  status: PaymentStatus
  transactionId: string
}

export interface MockState {
  now: () => Date
  profile: {
    username: string
    email: string
    password: string
    profilePhoto: string | null
    phone: string
    timezone: Timezone
  }
  balanceMicros: number
  /** undefined: the answer leaves it out (the UI falls back to 25011). */
  totalOrdersPanel: number | undefined
  /** Service name → USD per unit. */
  services: Record<string, number>
  /** Newest first. */
  orders: Order[]
  /** Newest first. */
  transactions: Transaction[]
  /** With the real keys; answers mask them. */
  aiSettings: AiSetting[]
  /** The providers the panel lends its own key for (the demo panel: DeepSeek, which the presets use). */
  aiProvidersWithPanelKey: AiProvider[]
  subscriptions: Subscription[]
  payments: Map<string, StoredPayment>
  updates: Update[]
  contactMethods: ContactMethod[]
  paymentMethods: CryptoMethod[]
  /** API keys for the SMM panel API v2, newest first (revoked ones included). */
  apiKeys: ApiKeySummary[]
  /** Other accounts known to sign-in and sign-up (email → password). */
  accounts: Map<string, string>
  /** Two-factor sign-in and the account's sessions (security.ts). */
  security: MockSecurity
  /** Support tickets with their messages, newest first (support.ts). */
  tickets: TicketThread[]
  /** Newest first (notifications.ts). */
  notifications: Notification[]
  notificationPreferences: NotificationPreferences
  /** Whether the account has shared its referral link and earned on it yet. */
  referralsStarted: boolean
  /** The workspaces, the active one's team, invitations and activity, and the invitation page's link. */
  team: MockWorkspaces & { invitationPreview: InvitationPreview }
  sequence: number
}

export interface MockStateOptions {
  /** No services, orders, transactions, subscriptions, updates, AI settings or tickets, and a zero balance. */
  empty?: boolean
  /** The clock for new orders and transactions; defaults to the real time. */
  now?: () => Date
}

function balanceOf(transactions: readonly Transaction[]): number {
  return transactions
    .filter((transaction) => transaction.status === 'completed')
    .reduce((sum, transaction) => {
      const micros = usdToMicros(transaction.amount)
      return transactionSign(transaction.type) === '+' ? sum + micros : sum - micros
    }, 0)
}

/** A fresh state: the realistic fixtures, or an empty account. Each scenario instance has its own. */
export function createMockState(options: MockStateOptions = {}): MockState {
  const empty = options.empty ?? false
  const orders = empty ? [] : fixtureOrders()
  const transactions = empty ? [] : fixtureTransactions(orders)
  const now = options.now ?? (() => new Date())
  return {
    now,
    profile: { ...fixtureProfile },
    balanceMicros: balanceOf(transactions),
    totalOrdersPanel: FIXTURE_PANEL_TOTAL_ORDERS,
    services: empty ? {} : { ...fixtureServices },
    orders,
    transactions,
    aiSettings: empty ? [] : fixtureStoredAiSettings(),
    aiProvidersWithPanelKey: ['deepseek'],
    subscriptions: empty ? [] : fixtureSubscriptions(),
    payments: new Map(),
    updates: empty ? [] : fixtureUpdates(),
    contactMethods: fixtureContactMethods(),
    paymentMethods: fixturePaymentMethods(),
    apiKeys: empty ? [] : fixtureApiKeys(),
    accounts: new Map([[fixtureProfile.email, fixtureProfile.password]]),
    security: fixtureSecurity(now()),
    tickets: empty ? [] : fixtureTickets(),
    notifications: empty ? [] : fixtureNotifications(),
    notificationPreferences: fixtureNotificationPreferences(),
    referralsStarted: !empty,
    team: {
      ...(empty
        ? {
            workspaces: [{ id: '1', name: fixtureProfile.username, role: 'owner', active: true }],
            members: fixtureWorkspaces().members.slice(0, 1),
            invitations: [],
            activity: [],
          }
        : fixtureWorkspaces()),
      invitationPreview: {
        workspace: 'Northwind agency',
        email: fixtureProfile.email,
        role: 'member',
        state: 'pending',
        expires_at: new Date(now().getTime() + 6 * 86_400_000).toISOString(),
      },
    },
    sequence: 2000,
  }
}

export function nextId(state: MockState): string {
  state.sequence += 1
  return String(state.sequence)
}

export function masked(setting: AiSetting): AiSetting {
  return { ...setting, apiKey: maskApiKey(setting.apiKey) }
}
