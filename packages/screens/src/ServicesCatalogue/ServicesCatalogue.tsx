import { isApiError, useServiceCatalogue } from '@engage/client'
import {
  CATALOGUE_LOAD_FAILED,
  ServicesCatalogueView,
  type ServicesCatalogueViewProps,
} from './ServicesCatalogueView'

export type ServicesCatalogueProps = Pick<ServicesCatalogueViewProps, 'orderHref' | 'headingLevel'>

/** The services catalogue, fed by GET /api/services/catalogue (the signed-in /services). */
export function ServicesCatalogue(props: ServicesCatalogueProps) {
  const catalogue = useServiceCatalogue()
  const error = !catalogue.isError
    ? null
    : isApiError(catalogue.error) && catalogue.error.status !== null && catalogue.error.status < 500
      ? catalogue.error.detail
      : CATALOGUE_LOAD_FAILED
  return <ServicesCatalogueView {...props} services={catalogue.data} error={error} />
}
