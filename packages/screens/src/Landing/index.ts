export * from './Landing'
