import { useId } from 'react'
import {
  formatPricePer1k,
  isPremium,
  MOST_POPULAR,
  NO_SERVICES_AVAILABLE_AT_THE_MOMENT,
  pricingFeatures,
  serviceTitleCase,
  type Service,
} from '@engage/contract'
import { Badge, Box, Card, Heading, Icon, Link, Spinner, Text } from '@engage/ui'
import { useSiteContacts } from '../SiteContacts'
import { badge, card, feature, featureIcon, featureList, grid, popularCard, price } from './PricingGrid.css'

/** Shown while the service list loads. */
export function PricingGridSpinner() {
  return (
    <Box display="flex" justifyContent="center" paddingY="xxlarge">
      <Spinner label="Loading services" size="large" />
    </Box>
  )
}

/** The cards of a loaded service list, or the empty message. */
export function PricingGridList({
  services,
  headingLevel,
}: {
  services: readonly Service[]
  headingLevel: 2 | 3 | 4
}) {
  if (services.length === 0) {
    return (
      <Text elementType="p" tone="muted">
        {NO_SERVICES_AVAILABLE_AT_THE_MOMENT}
      </Text>
    )
  }

  return (
    <ul className={grid}>
      {services.map((service) => (
        <PricingGridCard key={service.serviceName} service={service} headingLevel={headingLevel} />
      ))}
    </ul>
  )
}

function PricingGridCard({ service, headingLevel }: { service: Service; headingLevel: 2 | 3 | 4 }) {
  const { supportHours } = useSiteContacts()
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
        {pricingFeatures(service.serviceName, supportHours).map((featureName) => (
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
