export * from './AdminUsers'
export * from './AdminUserDetail'
export * from './AdminUserDialogs'
