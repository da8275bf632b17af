import { Fragment, useState, type ReactNode } from 'react'
import {
  Cell,
  Column,
  Row,
  Table as AriaTable,
  TableBody,
  TableHeader,
  type Key,
  type SortDescriptor,
  type TableProps as AriaTableProps,
} from 'react-aria-components'
import { Button } from '../Button'
import { Icon } from '../Icon'
import { Spinner } from '../Spinner'
import { VisuallyHidden } from '../VisuallyHidden'
import {
  cell,
  column,
  columnLabel,
  detailsCell,
  emptyState as emptyStateStyle,
  expandButton,
  loadingOverlay,
  row as rowStyle,
  sortIcon,
  table,
  tableContainer,
} from './Table.css'

export type { SortDescriptor }

export const columnAlignments = ['start', 'end'] as const

/** How one column reads its cell from a row. */
export interface TableColumn<Row> {
  /** Stable id; it is also the `column` of the sort descriptor. */
  id: string
  /** Header text. */
  name: string
  /** Renders the cell of a row. */
  render: (row: Row) => ReactNode
  /** Whether pressing the header sorts by this column (the parent sorts the rows). @default false */
  allowsSorting?: boolean
  /** Whether this column names the row for screen readers. @default true for the first column */
  isRowHeader?: boolean
  /** Text alignment (numbers align to the end). @default 'start' */
  align?: (typeof columnAlignments)[number]
}

export interface TableProps<Row extends { id: Key }> extends Omit<
  AriaTableProps,
  'children' | 'className' | 'onRowAction'
> {
  /** The columns, in display order. */
  columns: readonly TableColumn<Row>[]
  /** The rows, already sorted by the parent if sorting is on. */
  rows: readonly Row[]
  /** Shown in place of rows when there are none. @default 'No results' */
  emptyState?: ReactNode
  /** Covers the table with a spinner and marks it busy. @default false */
  isLoading?: boolean
  /** Accessible name of the loading spinner. @default 'Loading' */
  loadingLabel?: string
  /** When given, each row can expand (Enter on the row, a press on it, or its toggle button) to show this. */
  renderDetails?: (row: Row) => ReactNode
  /** Rows expanded at first (uncontrolled). */
  defaultExpandedKeys?: Iterable<Key>
  /** Accessible name of a row's details toggle. @default 'Details' */
  detailsLabel?: string
  className?: string
}

/**
 * A data table: sortable columns (controlled `sortDescriptor` + `onSortChange`), optional expandable row details,
 * an empty state and a loading overlay. Arrow keys move between rows and cells.
 */
export function Table<Row extends { id: Key }>({
  columns,
  rows,
  emptyState = 'No results',
  isLoading = false,
  loadingLabel = 'Loading',
  renderDetails,
  defaultExpandedKeys,
  detailsLabel = 'Details',
  className,
  ...props
}: TableProps<Row>) {
  const [expandedKeys, setExpandedKeys] = useState<ReadonlySet<Key>>(() => new Set(defaultExpandedKeys ?? []))
  const isExpandable = renderDetails !== undefined
  const hasRowHeader = columns.some((tableColumn) => tableColumn.isRowHeader)
  const columnCount = columns.length + (isExpandable ? 1 : 0)

  const toggle = (key: Key) =>
    setExpandedKeys((current) => {
      const next = new Set(current)
      if (next.has(key)) next.delete(key)
      else next.add(key)
      return next
    })

  return (
    <div className={[tableContainer, className].filter(Boolean).join(' ')} aria-busy={isLoading || undefined}>
      <AriaTable
        {...props}
        className={table}
        onRowAction={isExpandable ? (key) => toggle(detailsOwner(key)) : undefined}
      >
        <TableHeader>
          {isExpandable ? (
            <Column id="__details" className={column({ align: 'start' })} width={48}>
              <VisuallyHidden>{detailsLabel}</VisuallyHidden>
            </Column>
          ) : null}
          {columns.map((tableColumn, index) => (
            <Column
              key={tableColumn.id}
              id={tableColumn.id}
              allowsSorting={tableColumn.allowsSorting ?? false}
              isRowHeader={tableColumn.isRowHeader ?? (!hasRowHeader && index === 0)}
              className={column({ align: tableColumn.align ?? 'start' })}
            >
              {({ allowsSorting, sortDirection }) => (
                <span className={columnLabel}>
                  {tableColumn.name}
                  {allowsSorting ? (
                    <span className={sortIcon} data-active={sortDirection !== undefined || undefined}>
                      <Icon
                        name={sortDirection === 'descending' ? 'chevronDown' : 'chevronUp'}
                        size="small"
                      />
                    </span>
                  ) : null}
                </span>
              )}
            </Column>
          ))}
        </TableHeader>
        <TableBody
          renderEmptyState={() => (
            <div className={emptyStateStyle}>
              {isLoading ? <VisuallyHidden>{loadingLabel}</VisuallyHidden> : emptyState}
            </div>
          )}
        >
          {rows.map((item) => {
            const isExpanded = expandedKeys.has(item.id)
            const detailsId = `table-details-${String(item.id)}`
            return (
              <Fragment key={item.id}>
                <Row id={item.id} className={rowStyle}>
                  {isExpandable ? (
                    <Cell className={cell({ align: 'start' })}>
                      <Button
                        tone="ghost"
                        size="small"
                        isIconOnly
                        className={expandButton}
                        aria-label={detailsLabel}
                        aria-expanded={isExpanded}
                        aria-controls={isExpanded ? detailsId : undefined}
                        onPress={() => toggle(item.id)}
                      >
                        <Icon name={isExpanded ? 'chevronDown' : 'chevronRight'} size="small" />
                      </Button>
                    </Cell>
                  ) : null}
                  {columns.map((tableColumn) => (
                    <Cell key={tableColumn.id} className={cell({ align: tableColumn.align ?? 'start' })}>
                      {tableColumn.render(item)}
                    </Cell>
                  ))}
                </Row>
                {isExpandable && isExpanded ? (
                  <Row id={detailsKey(item.id)} className={rowStyle} textValue={detailsLabel}>
                    <Cell colSpan={columnCount} className={detailsCell}>
                      <div id={detailsId}>{renderDetails(item)}</div>
                    </Cell>
                  </Row>
                ) : null}
              </Fragment>
            )
          })}
        </TableBody>
      </AriaTable>
      {isLoading ? (
        <div className={loadingOverlay}>
          <Spinner label={loadingLabel} size="large" />
        </div>
      ) : null}
    </div>
  )
}

// A details row has its own key in the grid; pressing it toggles the row it belongs to.
const detailsSuffix = '\u0000details'

function detailsKey(key: Key): string {
  return `${String(key)}${detailsSuffix}`
}

function detailsOwner(key: Key): Key {
  return typeof key === 'string' && key.endsWith(detailsSuffix) ? key.slice(0, -detailsSuffix.length) : key
}
