export { Dashboard, RECENT_ORDERS_PAGE_SIZE, type DashboardProps } from './Dashboard'
export { useDashboardAiSettings } from './DashboardAiSettings'
export {
  DashboardOrderTabs,
  orderTabIds,
  type DashboardOrderTabsProps,
  type OrderTabId,
} from './DashboardOrderTabs'
