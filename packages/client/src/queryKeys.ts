import type { AnalyticsQuery, OrderFilterQuery } from '@engage/contract'

// Query keys of the hooks: mutations invalidate by these, and stories or the app may prefetch with them.

export const queryKeys = {
  me: ['me'] as const,
  services: ['services'] as const,
  /** Under `services`, so whatever refreshes the rates refreshes the limits too. */
  serviceLimits: ['services', 'limits'] as const,
  orders: ['orders'] as const,
  ordersPage: (limit: number, filters: OrderFilterQuery = {}) => ['orders', { limit, ...filters }] as const,
  /** Under `services`, so whatever refreshes the rates refreshes the catalogue too. */
  serviceCatalogue: ['services', 'catalogue'] as const,
  transactions: ['transactions'] as const,
  transactionsPage: (limit: number) => ['transactions', { limit }] as const,
  subscriptions: ['subscriptions'] as const,
  paymentMethods: (provider: string) => ['payment-methods', provider] as const,
  paymentStatus: (orderId: string) => ['payment-status', orderId] as const,
  apiKeys: ['api-keys'] as const,
  twoFactor: ['two-factor'] as const,
  sessions: ['sessions'] as const,
  authProviders: ['auth-providers'] as const,
  tickets: ['tickets'] as const,
  ticket: (id: string) => ['tickets', id] as const,
  notifications: ['notifications'] as const,
  notificationsPage: (limit: number) => ['notifications', { limit }] as const,
  notificationPreferences: ['notification-preferences'] as const,
  affiliates: ['affiliates'] as const,
  /** The analytics page's figures: the range's and the active orders' delivery, both under this key. */
  analytics: ['analytics'] as const,
  analyticsRange: (query: AnalyticsQuery) => ['analytics', 'range', query] as const,
  analyticsDelivery: ['analytics', 'delivery'] as const,
  workspaces: ['workspaces'] as const,
  /** Under `workspace`: the active workspace's members, invitations and activity, refreshed together. */
  workspace: ['workspace'] as const,
  members: ['workspace', 'members'] as const,
  invitations: ['workspace', 'invitations'] as const,
  activity: (filters: { action?: string | undefined; member?: string | undefined }) =>
    ['workspace', 'activity', filters] as const,
  invitation: (token: string) => ['invitation', token] as const,
}

/** The keys that hold a signed-in user's data; cleared on sign-in, sign-up and logout. */
export const userScopedKeys = [
  queryKeys.me,
  queryKeys.orders,
  queryKeys.transactions,
  queryKeys.subscriptions,
  ['payment-methods'],
  ['payment-status'],
  queryKeys.apiKeys,
  queryKeys.twoFactor,
  queryKeys.sessions,
  queryKeys.tickets,
  queryKeys.notifications,
  queryKeys.notificationPreferences,
  queryKeys.affiliates,
  queryKeys.analytics,
  queryKeys.workspaces,
  queryKeys.workspace,
] as const
