export * from './AdminTickets'
