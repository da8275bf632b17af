export * from './AdminProviders'
export * from './AdminProviderDetail'
export * from './AdminProviderDialogs'
export * from './AdminProviderSwitch'
