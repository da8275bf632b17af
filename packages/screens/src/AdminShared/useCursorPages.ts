import { useCallback, useState } from 'react'

/**
 * Page-by-page navigation over a keyset-paged list: the cursors of the pages seen so far, so Previous goes back
 * without the server knowing about pages. `reset` starts again at the first page (after a filter changes).
 */
export function useCursorPages() {
  const [cursors, setCursors] = useState<(string | undefined)[]>([undefined])
  const cursor = cursors.at(-1)
  const next = useCallback((nextCursor: string) => setCursors((current) => [...current, nextCursor]), [])
  const previous = useCallback(
    () => setCursors((current) => (current.length > 1 ? current.slice(0, -1) : current)),
    [],
  )
  const reset = useCallback(() => setCursors([undefined]), [])
  return { cursor, pageNumber: cursors.length, hasPrevious: cursors.length > 1, next, previous, reset }
}
