import { Suspense, useDeferredValue } from 'react'
import { YOUR_RECENT_ORDERS } from '@engage/contract'
import { Card, Heading, Spinner, Stack } from '@engage/ui'
import { ContactUpdatesPanel } from '../ContactUpdatesPanel'
import { ErrorFallback, ErrorFallbackBoundary } from '../ErrorFallback'
import type { OrderFormProps } from '../OrderForm'
import { StatCards } from '../StatCards'
import { dashboardColumns, recentOrdersLoading } from './Dashboard.css'
import { useDashboardAiSettings } from './DashboardAiSettings'
import { DashboardOrderTabs, type OrderTabId } from './DashboardOrderTabs'
import { lazyPart, useIdle } from './lazyPart'

// The orders table (React Aria's grid, the order detail cards, the cancel confirmation) comes after the order
// form: its code is asked for once the page is idle after its first render, so that it does not compete with
// what the page shows first. The page is usable while it arrives, under its heading and the same
// 'Loading orders' spinner the table shows while the orders load.
const OrdersTable = lazyPart(() => import('../OrdersTable').then((module) => module.OrdersTable))

const dashboardTabs = [
  { id: 'new', label: 'New' },
  { id: 'mass', label: 'Mass' },
  { id: 'subscriptions', label: 'Subscriptions' },
] as const

/** How many orders 'Your Recent Orders' shows before Load more. */
export const RECENT_ORDERS_PAGE_SIZE = 10

export interface DashboardProps {
  /** Values the new order form starts with (deep links prefill service, link and quantity). */
  prefill?: OrderFormProps['defaultValues']
  /** The order tab shown first. @default 'new' */
  defaultTab?: OrderTabId
  /** What the error fallback's Refresh Page does. @default reloads the page */
  onRefresh?: () => void
}

/**
 * The dashboard (/dashboard): three stat cards; New, Mass and Subscriptions order tabs with the AI settings
 * picker; Contact Us and Updates; Your Recent Orders. A render failure shows 'Something went wrong' with
 * Refresh Page. Toasts show in the app's ToastProvider region.
 */
export function Dashboard(props: DashboardProps) {
  return (
    <ErrorFallbackBoundary fallback={<ErrorFallback onRefresh={props.onRefresh} />}>
      <DashboardContent {...props} />
    </ErrorFallbackBoundary>
  )
}

function DashboardContent({ prefill, defaultTab }: DashboardProps) {
  const aiSettings = useDashboardAiSettings()
  // The heading and the stat cards (the page's largest element) commit first; the order forms, Contact Us and
  // Updates, and Your Recent Orders follow in a background render that React splits into short tasks and
  // interrupts for input. They only add below what is there, so nothing already painted moves.
  const showSections = useDeferredValue(true, false)
  return (
    <Stack gap="xlarge">
      <Heading level={1}>Dashboard</Heading>
      <StatCards />
      {showSections && (
        <>
          <div className={dashboardColumns}>
            <Card>
              <DashboardOrderTabs
                tabs={dashboardTabs}
                defaultTab={defaultTab}
                prefill={prefill}
                aiSettings={aiSettings}
              />
            </Card>
            <Card>
              <ContactUpdatesPanel tabOrder={['contact', 'updates']} defaultTab="contact" />
            </Card>
          </div>
          <RecentOrders />
        </>
      )}
      {aiSettings.dialog}
    </Stack>
  )
}

/**
 * Your Recent Orders: the orders table once the page is idle (its own state, so that the switch re-renders this
 * section alone, not the order forms beside it).
 */
function RecentOrders() {
  const showOrders = useIdle(OrdersTable.isLoaded())
  return showOrders ? (
    <Suspense fallback={<RecentOrdersLoading />}>
      <OrdersTable title={YOUR_RECENT_ORDERS} pageSize={RECENT_ORDERS_PAGE_SIZE} />
    </Suspense>
  ) : (
    <RecentOrdersLoading />
  )
}

/** 'Your Recent Orders' while the table's code arrives: its heading and the table's loading spinner. */
function RecentOrdersLoading() {
  return (
    <Stack as="section" gap="medium" aria-label={YOUR_RECENT_ORDERS} aria-busy="true">
      <Heading level={2} size="medium">
        {YOUR_RECENT_ORDERS}
      </Heading>
      <div className={recentOrdersLoading}>
        <Spinner label="Loading orders" />
      </div>
    </Stack>
  )
}
