import type { OrderFilterQuery } from '@engage/contract'

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
] as const
