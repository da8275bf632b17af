export * from './About'
