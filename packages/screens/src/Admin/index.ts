// @engage/screens/admin: the operator console, its own entry so that the customer pages' imports of
// @engage/screens never reach it (the panel loads it in the /admin route's lazy chunk).
export * from '../AdminAuditLog'
export * from '../AdminConsole'
export * from '../AdminContent'
export * from '../AdminJobs'
export * from '../AdminOrders'
export * from '../AdminPayments'
export * from '../AdminProviders'
export * from '../AdminServices'
export * from '../AdminShared'
export * from '../AdminUsers'
