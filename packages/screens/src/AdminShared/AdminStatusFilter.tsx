import { Select, type SelectKey } from '@engage/ui'
import { humanise } from './format'
import { ANY_FILTER } from './useFilteredPages'

export interface AdminStatusFilterProps {
  /** The statuses to filter by, each shown humanised ('in_progress' → 'In progress'), after 'Any status'. */
  statuses: readonly string[]
  value: string
  onChange: (value: SelectKey) => void
}

/** The Status filter of a console list: one status, or any. */
export function AdminStatusFilter({ statuses, value, onChange }: AdminStatusFilterProps) {
  return (
    <Select
      label="Status"
      value={value}
      onChange={onChange}
      items={[
        { id: ANY_FILTER, label: 'Any status' },
        ...statuses.map((status) => ({ id: status, label: humanise(status) })),
      ]}
    />
  )
}
