// The operator console's hooks: a query per read, a mutation per write, each write invalidating what it
// changes.

export { AdminClientProvider, type AdminClientProviderProps, adminQueryKeys, useAdminClient } from './context'
export * from './queries'
export * from './mutations'
