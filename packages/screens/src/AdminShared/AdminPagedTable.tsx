import type { Key } from 'react-aria-components'
import { Table, type TableProps } from '@engage/ui'
import { AdminErrorBanner } from './AdminErrorBanner'
import { AdminPagination } from './AdminPagination'
import type { useCursorPages } from './useCursorPages'

/** What the paged table reads of a list's query (a TanStack query whose answer carries the next cursor). */
export interface PagedListQuery {
  isError: boolean
  error: unknown
  isPending: boolean
  isFetching: boolean
  data?: { nextCursor?: string | null }
  refetch: () => unknown
}

export interface AdminPagedTableProps<Row extends { id: Key }> extends Omit<TableProps<Row>, 'isLoading'> {
  /** What failed when the list does not load ('Failed to load the orders'); the banner offers Try again. */
  errorTitle: string
  /** The list's query: its failure, loading state and next cursor. */
  query: PagedListQuery
  /** The cursors of the pages seen so far (useCursorPages). */
  pages: ReturnType<typeof useCursorPages>
  /** The pager's accessible name ('Orders pages'). */
  pagesLabel: string
}

/** An operator list: its table (or the banner of a failed load) and the pager under it. */
export function AdminPagedTable<Row extends { id: Key }>({
  errorTitle,
  query,
  pages,
  pagesLabel,
  ...table
}: AdminPagedTableProps<Row>) {
  return (
    <>
      {query.isError ? (
        <AdminErrorBanner title={errorTitle} error={query.error} onRetry={() => void query.refetch()} />
      ) : (
        <Table {...table} isLoading={query.isPending} />
      )}
      <AdminPagination
        label={pagesLabel}
        pageNumber={pages.pageNumber}
        hasPrevious={pages.hasPrevious}
        nextCursor={query.data?.nextCursor}
        onPrevious={pages.previous}
        onNext={pages.next}
        isBusy={query.isFetching}
      />
    </>
  )
}
