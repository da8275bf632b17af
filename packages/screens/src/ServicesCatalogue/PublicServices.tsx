import { PublicLayout } from '../PublicLayout'
import { ServicesCatalogueView, type ServicesCatalogueViewProps } from './ServicesCatalogueView'

export interface PublicServicesProps extends ServicesCatalogueViewProps {
  /** The signed-in user's name, for the header's username menu. */
  username?: string
}

/**
 * The public services page (/services): the catalogue in the public layout. The page passes the services in
 * (it loads them itself), so it carries no query library.
 */
export function PublicServices({ username, ...props }: PublicServicesProps) {
  return (
    <PublicLayout username={username}>
      <ServicesCatalogueView {...props} />
    </PublicLayout>
  )
}
