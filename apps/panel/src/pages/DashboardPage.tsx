import { useSearchParams } from 'react-router'
import { Dashboard, type DashboardProps } from '@engage/screens'

/**
 * The order form's starting values from a deep link (the widget's Order button):
 * /dashboard?service=likes&link=https://...&quantity=500. The guard keeps the query through sign-in.
 */
function prefillOf(searchParams: URLSearchParams): DashboardProps['prefill'] {
  const serviceType = searchParams.get('service') || undefined
  const url = searchParams.get('link') || undefined
  const quantityText = searchParams.get('quantity')
  const quantity = quantityText && /^\d+$/.test(quantityText) ? Number(quantityText) : undefined
  if (serviceType === undefined && url === undefined && quantity === undefined) return undefined
  return { serviceType, url, quantity }
}

export default function DashboardPage() {
  const [searchParams] = useSearchParams()
  return <Dashboard prefill={prefillOf(searchParams)} />
}
