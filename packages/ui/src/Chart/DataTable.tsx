// The chart's "Data table" toggle: the same figures as a table, built once opened.

import { useState } from 'react'
import { Table, type TableColumn } from '../Table'
import { dataTable, tableToggle, tableToggleLabel } from './Chart.css'
import type { PlotProps } from './chartData'

interface TableRow {
  id: string
  index: number
}

export function DataTable({
  title,
  categories,
  categoryLabel,
  series,
  formatValue,
}: Omit<PlotProps, 'width' | 'active'> & { title: string; categoryLabel: string }) {
  const [isOpen, setOpen] = useState(false)
  const columns: TableColumn<TableRow>[] = [
    { id: 'category', name: categoryLabel, render: (row) => categories[row.index], isRowHeader: true },
    ...series.map((one): TableColumn<TableRow> => ({
      id: `series-${one.id}`,
      name: one.name,
      align: 'end',
      render: (row) => formatValue(one.values[row.index] ?? 0),
    })),
  ]
  return (
    <details className={tableToggle} onToggle={(event) => setOpen(event.currentTarget.open)}>
      <summary className={tableToggleLabel}>Data table</summary>
      {/* Rendered once opened: a year of days is a long table to build for nobody. */}
      {isOpen ? (
        <Table
          className={dataTable}
          aria-label={`${title}: data`}
          columns={columns}
          rows={categories.map((category, index) => ({ id: `${index}-${category}`, index }))}
        />
      ) : null}
    </details>
  )
}
