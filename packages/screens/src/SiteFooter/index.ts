export * from './SiteFooter'
