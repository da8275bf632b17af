import { PublicLayout } from '../PublicLayout'
import { ServicesCatalogue, type ServicesCatalogueProps } from './ServicesCatalogue'

export interface PublicServicesProps extends ServicesCatalogueProps {
  /** The signed-in user's name, for the header's username menu. */
  username?: string
}

/** The public services page (/services): the catalogue in the public layout. */
export function PublicServices({ username, ...props }: PublicServicesProps) {
  return (
    <PublicLayout username={username}>
      <ServicesCatalogue {...props} />
    </PublicLayout>
  )
}
