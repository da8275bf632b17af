export * from './AdminOrders'
export * from './AdminOrderDetail'
export * from './AdminOrderActionDialog'
