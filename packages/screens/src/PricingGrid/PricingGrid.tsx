import { lazy, Suspense } from 'react'
import type { Service } from '@engage/contract'
import { PricingGridList, PricingGridSpinner } from './PricingGridList'

// The grid loads the service list itself (PricingGridQuery, with the client and TanStack Query) only when the
// page has not given it one: the prerendered landing page gives it the list it was rendered with, and its
// JavaScript budget has no room for the query library.
const PricingGridQuery = lazy(() => import('./PricingGridQuery'))

export interface PricingGridProps {
  /** Heading level of each card's service name, to fit the page's outline. @default 3 */
  headingLevel?: 2 | 3 | 4
  /** The service list, when the page already has it; without it the grid loads the public service list. */
  services?: readonly Service[]
}

/**
 * One pricing card per service of the public service list: title-case name, price per 1k units, the five
 * features, a Get Started link to /orders, and a Most Popular badge for premium services.
 */
export function PricingGrid({ headingLevel = 3, services }: PricingGridProps) {
  if (services) return <PricingGridList services={services} headingLevel={headingLevel} />
  return (
    <Suspense fallback={<PricingGridSpinner />}>
      <PricingGridQuery headingLevel={headingLevel} />
    </Suspense>
  )
}
