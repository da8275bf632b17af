import { useEffect, useState } from 'react'
import type { CatalogueService } from '@engage/contract'
import { CATALOGUE_LOAD_FAILED, PublicServices } from '@engage/screens'
import { useApiClient } from '../ApiClient'
import { useUsername } from '../useUsername'

/**
 * The public services catalogue (/services), prerendered like the other public pages with the list loading. The
 * list is fetched after hydration through the lazily loaded API client, so the page's first load stays within
 * the public pages' script budget.
 */
export default function ServicesPage() {
  const client = useApiClient()
  const [services, setServices] = useState<CatalogueService[]>()
  const [error, setError] = useState<string | null>(null)
  useEffect(() => {
    const controller = new AbortController()
    client.serviceCatalogue({ signal: controller.signal }).then(
      (answer) => setServices(answer.services),
      () => {
        if (!controller.signal.aborted) setError(CATALOGUE_LOAD_FAILED)
      },
    )
    return () => controller.abort()
  }, [client])
  return <PublicServices username={useUsername()} services={services} error={error} />
}
