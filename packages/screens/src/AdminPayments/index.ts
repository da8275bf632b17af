export * from './AdminPayments'
