export * from './TermsOfService'
