export * from './AdminConsole'
