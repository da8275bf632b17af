export { PublicServices, type PublicServicesProps } from './PublicServices'
export { ServicesCatalogue, type ServicesCatalogueProps } from './ServicesCatalogue'
export {
  CATALOGUE_LOAD_FAILED,
  defaultOrderHref,
  NO_SERVICES_MATCH,
  NO_SERVICES_OFFERED,
  ServicesCatalogueView,
  type ServicesCatalogueViewProps,
} from './ServicesCatalogueView'
