export { Table, columnAlignments, type SortDescriptor, type TableColumn, type TableProps } from './Table'
