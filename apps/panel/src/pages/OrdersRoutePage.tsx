import { OrdersPage } from '@engage/screens'

export default function OrdersRoutePage() {
  return <OrdersPage />
}
