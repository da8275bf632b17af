import { useMemo, useState } from 'react'
import { enableShadowDOM } from 'react-stately/private/flags/flags'
import { QueryClient } from '@tanstack/react-query'
import { ClientProvider, createClient, useServices } from '@engage/client'
import { OrderForm } from '@engage/screens'
import { themeClassNames } from '@engage/ui'
import { dashboardLink, type WidgetOptions, type WidgetOrder } from './options'
import { widgetRoot } from './OrderWidget.css'

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
  /** What the Order button does with the panel link. @default opens it in this tab */
  onOrder?: (link: string, order: WidgetOrder) => void
}

/**
 * The widget's content: the panel's OrderForm with the services and prices of the public services endpoint
 * (no token: the widget never signs in), in the chosen theme; its Order button opens the panel's dashboard with
 * service, link and quantity prefilled. Rendered inside a shadow root (the custom element's or OrderWidget's).
 */
export function WidgetContent({ options, onOrder = openInPanel }: WidgetContentProps) {
  // Services are fetched once and kept: a partner page is often open for a long time and prices change rarely.
  const [queryClient] = useState(
    () => new QueryClient({ defaultOptions: { queries: { retry: false, refetchOnWindowFocus: false } } }),
  )
  const client = useMemo(
    () => createClient({ baseUrl: options.apiBase, getToken: () => null }),
    [options.apiBase],
  )

  return (
    <ClientProvider client={client} queryClient={queryClient}>
      <div className={`${themeClassNames[options.theme]} ${widgetRoot}`} data-theme={options.theme}>
        <WidgetForm options={options} onOrder={onOrder} />
      </div>
    </ClientProvider>
  )
}

function WidgetForm({ options, onOrder }: Required<WidgetContentProps>) {
  const services = useServices()
  // `service` preselects only a service the list has (an unknown name would be an invisible, unchangeable
  // choice); the form starts again with it once the list has arrived.
  const preselected =
    options.service !== undefined && services.data?.some((item) => item.serviceName === options.service)
      ? options.service
      : undefined
  return (
    <OrderForm
      key={preselected ?? ''}
      defaultValues={preselected === undefined ? undefined : { serviceType: preselected }}
      submitLabel={WIDGET_ORDER_LABEL}
      onSubmit={(order) => onOrder(dashboardLink(options.panelUrl, order), order)}
    />
  )
}
