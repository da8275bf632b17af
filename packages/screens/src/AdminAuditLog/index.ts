export * from './AdminAuditLog'
