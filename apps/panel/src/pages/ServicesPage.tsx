import { PublicServices } from '@engage/screens'
import QueryProvider from '../QueryProvider'
import { useUsername } from '../useUsername'

/**
 * The public services catalogue (/services), prerendered like the other public pages. Its list is loaded in
 * the browser (GET /api/services/catalogue), so the page carries its own query cache.
 */
export default function ServicesPage() {
  return (
    <QueryProvider>
      <PublicServices username={useUsername()} />
    </QueryProvider>
  )
}
