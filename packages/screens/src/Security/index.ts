export * from './Security'
