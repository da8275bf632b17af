import { useEffect } from 'react'
import { enableShadowDOM } from 'react-stately/private/flags/flags'
import { useQueryClient } from '@tanstack/react-query'
import { formatOrderTotal, ratesFromServices } from '@engage/contract'
import { ClientProvider, queryKeys, useServices } from '@engage/client'
import { OrderForm } from '@engage/screens'
import { themeClassNames } from '@engage/ui'
import {
  dispatchWidgetEvent,
  retryDelayMs,
  WIDGET_EVENTS,
  type WidgetErrorDetail,
  type WidgetOrderDetail,
  type WidgetReadyDetail,
} from './events'
import { dashboardLink, panelEntryLink, type WidgetOptions, type WidgetOrder } from './options'
import { widgetRoot, widgetTheme } from './OrderWidget.css'
import { useSharedApi } from './sharedClient'
import { WidgetUnavailable } from './WidgetUnavailable'

// React Aria looks for focus, outside presses and the active element through the shadow boundary only with
// this flag on (it is off by default because the shadow-aware paths cost a little on every event).
enableShadowDOM()

/** The Order button's label. */
export const WIDGET_ORDER_LABEL = 'Order'

/** Opens the panel's prefilled order form in this tab (a new tab from a submit may be stopped as a popup). */
export function openInPanel(link: string): void {
  window.location.assign(link)
}

export interface WidgetContentProps {
  options: WidgetOptions
  /** The element the widget's events are dispatched on: the custom element, or OrderWidget's host. */
  host: Element
  /** What the Order button does with the panel link. @default opens it in this tab */
  onOrder?: (link: string, order: WidgetOrder) => void
}

/**
 * The widget's content: the panel's OrderForm with the services and prices of the public services endpoint
 * (no token: the widget never signs in), in the chosen theme; its Order button opens the panel's dashboard with
 * service, link and quantity prefilled. Rendered inside a shadow root (the custom element's or OrderWidget's).
 * The theme's accent, radius and font give way to the page's --engage-* custom properties (OrderWidget.css.ts).
 */
export function WidgetContent({ options, host, onOrder = openInPanel }: WidgetContentProps) {
  const { client, queryClient } = useSharedApi(options.apiBase)
  return (
    <ClientProvider client={client} queryClient={queryClient}>
      <div className={`${themeClassNames[options.theme]} ${widgetTheme}`} data-theme={options.theme}>
        <div className={widgetRoot} part="root">
          <WidgetForm options={options} host={host} onOrder={onOrder} />
        </div>
      </div>
    </ClientProvider>
  )
}

function WidgetForm({ options, host, onOrder }: Required<WidgetContentProps>) {
  const services = useServices()
  const queryClient = useQueryClient()
  // Both lists the form reads (prices and quantity limits) sit under the services key, and come from one request.
  const retry = () => void queryClient.refetchQueries({ queryKey: queryKeys.services })
  const { isError, isSuccess, errorUpdateCount } = services
  const serviceCount = services.data?.length ?? 0

  useEffect(() => {
    if (!isSuccess) return
    dispatchWidgetEvent<WidgetReadyDetail>(host, WIDGET_EVENTS.ready, { services: serviceCount })
  }, [host, isSuccess, serviceCount])

  // A failed list is tried again by itself, waiting longer after each failure; the page hears of each one.
  const errorMessage = services.error?.message ?? ''
  useEffect(() => {
    if (!isError) return
    const retryInMs = retryDelayMs(errorUpdateCount)
    dispatchWidgetEvent<WidgetErrorDetail>(host, WIDGET_EVENTS.error, {
      reason: 'services',
      message: errorMessage,
      retryInMs,
    })
    const timer = setTimeout(
      () => void queryClient.refetchQueries({ queryKey: queryKeys.services }),
      retryInMs,
    )
    return () => clearTimeout(timer)
  }, [host, isError, errorUpdateCount, errorMessage, queryClient])

  if (isError) {
    return (
      <WidgetUnavailable
        panelLink={panelEntryLink(options.panelUrl, options.service)}
        onRetry={retry}
        isRetrying={services.isFetching}
      />
    )
  }

  // `service` preselects only a service the list has (an unknown name would be an invisible, unchangeable
  // choice); the form starts again with it once the list has arrived.
  const preselected =
    options.service !== undefined && services.data?.some((item) => item.serviceName === options.service)
      ? options.service
      : undefined
  const rates = ratesFromServices(services.data ?? [])
  return (
    <OrderForm
      key={preselected ?? ''}
      defaultValues={preselected === undefined ? undefined : { serviceType: preselected }}
      submitLabel={WIDGET_ORDER_LABEL}
      // Not a landmark: a page may show several widgets, and identical landmarks confuse the page's outline.
      formLabel={null}
      onSubmit={(order) => {
        const panelLink = dashboardLink(options.panelUrl, order)
        const detail: WidgetOrderDetail = {
          service: order.serviceType,
          link: order.url,
          quantity: order.quantity,
          total: formatOrderTotal(order.serviceType, rates, order.quantity),
          panelLink,
        }
        // A page that handles the order itself (preventDefault) keeps the customer where they are.
        if (dispatchWidgetEvent(host, WIDGET_EVENTS.order, detail)) onOrder(panelLink, order)
      }}
    />
  )
}
