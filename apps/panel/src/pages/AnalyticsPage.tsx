import { Analytics } from '@engage/screens'

/** /analytics: the customer's figures and charts, its own chunk with the chart library (not on /dashboard). */
export default function AnalyticsPage() {
  return <Analytics />
}
