export { cancelOrderExplanation, OrdersTable, type OrdersTableProps } from './OrdersTable'
