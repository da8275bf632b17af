export { OrdersPage, type OrdersPageProps } from './OrdersPage'
