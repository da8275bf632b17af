import { useEffect } from 'react'
import { useServices } from '@engage/client'
import { PricingGridList, PricingGridSpinner } from './PricingGridList'

/** The pricing grid fed by the public service list (GET /api/get-services). */
export default function PricingGridQuery({ headingLevel }: { headingLevel: 2 | 3 | 4 }) {
  const services = useServices()

  // The spec's rule for a failing service list: log it and show the empty message, never an error screen.
  useEffect(() => {
    if (services.isError) console.warn('The service list could not be loaded:', services.error)
  }, [services.isError, services.error])

  if (services.isPending) return <PricingGridSpinner />
  return <PricingGridList services={services.data ?? []} headingLevel={headingLevel} />
}
