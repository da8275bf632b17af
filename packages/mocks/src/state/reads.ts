import {
  type AffiliateSummaryResponse,
  ME_RECENT_LIMIT,
  type MeResponse,
  microsToUsd,
} from '@engage/contract'
import { fixtureAffiliates, fixtureEmptyAffiliates } from '../fixtures'
import { masked, MockRefusal, type MockState } from './store'

// Reads.

export function meOf(state: MockState): MeResponse {
  return {
    username: state.profile.username,
    email: state.profile.email,
    balance: microsToUsd(state.balanceMicros),
    profilePhoto: state.profile.profilePhoto,
    totalOrders: state.orders.length,
    ...(state.totalOrdersPanel === undefined ? {} : { totalOrdersPanel: state.totalOrdersPanel }),
    settings: { phone: state.profile.phone, timezone: state.profile.timezone },
    aiSettings: state.aiSettings.map(masked),
    aiProvidersWithPanelKey: state.aiProvidersWithPanelKey,
    transactions: state.transactions.slice(0, ME_RECENT_LIMIT),
    orders: state.orders.slice(0, ME_RECENT_LIMIT),
    updates: state.updates,
    contactMethods: state.contactMethods,
    unreadNotifications: unreadCount(state),
  }
}

/** The bell's count. */
export function unreadCount(state: MockState): number {
  return state.notifications.filter((notification) => notification.readAt === null).length
}

/** The affiliate page: the fixture's link on the origin asked, with commissions unless the account is new. */
export function affiliatesOf(state: MockState, origin: string): AffiliateSummaryResponse {
  return state.referralsStarted ? fixtureAffiliates(origin) : fixtureEmptyAffiliates(origin)
}

/** Keyset paging over a newest-first list: the cursor is the id of the last item of the previous page. */
export function pageOf<Item extends { id: string }>(
  items: readonly Item[],
  cursor: string | undefined,
  limit: number,
): { items: Item[]; nextCursor: string | null } {
  const start = cursor === undefined ? 0 : items.findIndex((item) => item.id === cursor) + 1
  if (cursor !== undefined && start === 0) throw new MockRefusal(422, 'cursor: Invalid cursor', 'cursor')
  const page = items.slice(start, start + limit)
  const last = page.at(-1)
  return { items: page, nextCursor: start + limit < items.length && last ? last.id : null }
}
