export * from './SiteFooter'
export * from './SiteContacts'
