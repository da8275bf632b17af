export * from './AdminContent'
export * from './AdminContentDialogs'
