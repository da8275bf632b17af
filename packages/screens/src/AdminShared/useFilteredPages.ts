import { useState } from 'react'
import type { SelectKey } from '@engage/ui'
import { useCursorPages } from './useCursorPages'

/** The id of a filter's choice that filters nothing ('Any status'). */
export const ANY_FILTER = 'any'

/** A chosen filter as the list call takes it: none for the 'any' choice. */
export function chosenFilter(value: string): string | undefined {
  return value === ANY_FILTER ? undefined : value
}

/** A typed filter as the list call takes it: none when blank. */
export function typedFilter(value: string): string | undefined {
  return value.trim() || undefined
}

/**
 * A filtered, paged console list: the filter fields as the operator sets them (`field(name)`: the value and
 * onChange of one, to spread on its Select or TextField), the filters the list is called with (`toFilters` of
 * those fields, at first and on `apply`, which starts again at the first page), and the cursors of the pages
 * seen (useCursorPages).
 */
export function useFilteredPages<Draft extends Record<string, string>, Filters>(
  initialDraft: Draft,
  toFilters: (draft: Draft) => Filters,
) {
  const [draft, setDraft] = useState(initialDraft)
  const [filters, setFilters] = useState(() => toFilters(initialDraft))
  const pages = useCursorPages()
  const field = (name: keyof Draft) => ({
    value: draft[name],
    onChange: (value: SelectKey) => setDraft((current) => ({ ...current, [name]: String(value) })),
  })
  const apply = () => {
    pages.reset()
    setFilters(toFilters(draft))
  }
  return { field, filters, apply, pages }
}
