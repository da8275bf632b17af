export { cancelOrderExplanation, formatOrderDate, OrdersTable, type OrdersTableProps } from './OrdersTable'
