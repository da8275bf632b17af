import { useEffect, useState } from 'react'
import { ORDERS_PAGE_ERROR, UNEXPECTED_ERROR_REFRESH } from '@engage/contract'
import { useMe, useServices } from '@engage/client'
import { Banner, Card, Heading, Stack } from '@engage/ui'
import { ContactUpdatesPanel } from '../ContactUpdatesPanel'
import { DashboardOrderTabs, useDashboardAiSettings } from '../Dashboard'
import { ordersPageColumns } from './OrdersPage.css'
import { ErrorFallback, ErrorFallbackBoundary } from '../ErrorFallback'
import type { OrderFormProps } from '../OrderForm'
import type { OrderHistoryFilters } from '../OrderHistory'
import { OrdersTable } from '../OrdersTable'
import { StatCards } from '../StatCards'

const ordersPageTabs = [
  { id: 'new', label: 'New Order' },
  { id: 'subscriptions', label: 'Subscriptions' },
  { id: 'mass', label: 'Mass Order' },
] as const

export interface OrdersPageProps {
  /** Values the new order form starts with. */
  prefill?: OrderFormProps['defaultValues']
  /** What the error fallback's Refresh Page does. @default reloads the page */
  onRefresh?: () => void
  /**
   * Where uncaught errors are reported as 'error' events. @default window (stories and tests pass their own
   * target, since the test runner treats a window error as a failure of its own).
   */
  uncaughtErrorSource?: EventTarget
  /** The orders list's search and filters (the route keeps them in the address bar). */
  filters?: OrderHistoryFilters
  /** Called with new filters; without it the list shows no filter bar. */
  onFiltersChange?: (change: Partial<OrderHistoryFilters>) => void
}

/**
 * The orders page (/orders): stat cards, the New Order / Subscriptions / Mass Order tabs (switching clears
 * the chosen AI settings), the orders list, Updates and Contact Us. An uncaught error anywhere on the page shows
 * 'An unexpected error occurred. Please refresh the page.' until the user data arrives again; a render failure
 * shows the page's fallback.
 */
export function OrdersPage({ onRefresh, ...props }: OrdersPageProps) {
  return (
    <ErrorFallbackBoundary fallback={<ErrorFallback message={ORDERS_PAGE_ERROR} onRefresh={onRefresh} />}>
      <OrdersPageContent {...props} />
    </ErrorFallbackBoundary>
  )
}

/** Whether an uncaught error happened since the user data last arrived. */
function useUncaughtError(source: EventTarget | undefined): boolean {
  const me = useMe()
  const [errorAt, setErrorAt] = useState<number | null>(null)
  useEffect(() => {
    const target = source ?? window
    const record = () => setErrorAt(Date.now())
    target.addEventListener('error', record)
    return () => target.removeEventListener('error', record)
  }, [source])
  // Fresh user data after the error means the page works again.
  const recovered = errorAt !== null && me.data !== undefined && me.dataUpdatedAt > errorAt
  return errorAt !== null && !recovered
}

function OrdersPageContent({
  prefill,
  uncaughtErrorSource,
  filters,
  onFiltersChange,
}: Omit<OrdersPageProps, 'onRefresh'>) {
  const aiSettings = useDashboardAiSettings()
  const services = useServices()
  const hasUncaughtError = useUncaughtError(uncaughtErrorSource)
  return (
    <Stack gap="xlarge">
      <Heading level={1}>Orders</Heading>
      {hasUncaughtError ? <Banner tone="error">{UNEXPECTED_ERROR_REFRESH}</Banner> : null}
      <StatCards />
      <div className={ordersPageColumns}>
        <Card>
          <DashboardOrderTabs
            tabs={ordersPageTabs}
            prefill={prefill}
            aiSettings={aiSettings}
            onTabChange={aiSettings.clearAiSettings}
          />
        </Card>
        <Card>
          <ContactUpdatesPanel tabOrder={['updates', 'contact']} defaultTab="contact" />
        </Card>
      </div>
      <OrdersTable
        filters={filters}
        onFiltersChange={onFiltersChange}
        services={services.data?.map((service) => service.serviceName)}
      />
      {aiSettings.dialog}
    </Stack>
  )
}
