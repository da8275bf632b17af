import { useEffect, useId } from 'react'
import {
  formatPricePer1k,
  isPremium,
  MOST_POPULAR,
  NO_SERVICES_AVAILABLE_AT_THE_MOMENT,
  pricingFeatures,
  serviceTitleCase,
  type Service,
} from '@engage/contract'
import { useServices } from '@engage/client'
import { Badge, Box, Card, Heading, Icon, Link, Spinner, Text } from '@engage/ui'
import { badge, card, feature, featureIcon, featureList, grid, popularCard, price } from './PricingGrid.css'

export interface PricingGridProps {
  /** Heading level of each card's service name, to fit the page's outline. @default 3 */
  headingLevel?: 2 | 3 | 4
}

/**
 * One pricing card per service of the public service list: title-case name, price per 1k units, the five
 * features, a Get Started link to /orders, and a Most Popular badge for premium services.
 */
export function PricingGrid({ headingLevel = 3 }: PricingGridProps) {
  const services = useServices()

  // The spec's rule for a failing service list: log it and show the empty message, never an error screen.
  useEffect(() => {
    if (services.isError) console.warn('The service list could not be loaded:', services.error)
  }, [services.isError, services.error])

  if (services.isPending) {
    return (
      <Box display="flex" justifyContent="center" paddingY="xxlarge">
        <Spinner label="Loading services" size="large" />
      </Box>
    )
  }

  const list = services.data ?? []
  if (list.length === 0) {
    return (
      <Text elementType="p" tone="muted">
        {NO_SERVICES_AVAILABLE_AT_THE_MOMENT}
      </Text>
    )
  }

  return (
    <ul className={grid}>
      {list.map((service) => (
        <PricingGridCard key={service.serviceName} service={service} headingLevel={headingLevel} />
      ))}
    </ul>
  )
}

function PricingGridCard({ service, headingLevel }: { service: Service; headingLevel: 2 | 3 | 4 }) {
  const titleId = useId()
  const popular = isPremium(service.serviceName)
  return (
    <Card
      as="li"
      elevation={popular ? 'raised' : 'flat'}
      className={[card, popular ? popularCard : ''].join(' ')}
    >
      {popular ? (
        <Badge tone="info" className={badge}>
          {MOST_POPULAR}
        </Badge>
      ) : null}
      <Heading level={headingLevel} size="medium" id={titleId}>
        {serviceTitleCase(service.serviceName)}
      </Heading>
      <Box display="flex" alignItems="baseline" gap="xsmall">
        <span className={price}>{formatPricePer1k(service.rate)}</span>
        <Text tone="muted">per 1k units</Text>
      </Box>
      <ul className={featureList}>
        {pricingFeatures(service.serviceName).map((featureName) => (
          <li key={featureName} className={feature}>
            <Icon name="check" size="small" className={featureIcon} />
            <Text>{featureName}</Text>
          </li>
        ))}
      </ul>
      <Link href="/orders" variant="button" aria-describedby={titleId}>
        Get Started
      </Link>
    </Card>
  )
}
