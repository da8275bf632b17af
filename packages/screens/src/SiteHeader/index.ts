export * from './SiteHeader'
