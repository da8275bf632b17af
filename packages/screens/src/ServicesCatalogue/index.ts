export {
  CATALOGUE_LOAD_FAILED,
  defaultOrderHref,
  NO_SERVICES_MATCH,
  NO_SERVICES_OFFERED,
  ServicesCatalogue,
  type ServicesCatalogueProps,
} from './ServicesCatalogue'
export { PublicServices, type PublicServicesProps } from './PublicServices'
