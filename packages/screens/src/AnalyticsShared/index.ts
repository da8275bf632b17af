export * from './AnalyticsShared'
