export * from './SiteContacts'
