// The operator console's calls, all under /api/admin/... (ADR 070). Every one needs a signed-in
// support or admin account: no token answers 401, a customer's token 403 (OPERATOR_FORBIDDEN), a support
// account on an admin-only call 403 (ADMIN_ONLY). Which role each call needs is the `role` of its entry in
// the operator registry (adminEndpoints.ts), the one source of the permission matrix.
//
// Conventions: snake_case fields like Order; ids are strings; instants ISO 8601; money is USD numbers (the
// server stores integer micro-USD and converts with usdToMicros / microsToUsd); rates are USD per 1,000
// units, as the pricing grid shows them. Lists page with `cursor` and `limit` (PageQuery) and answer
// `nextCursor`, null on the last page. Every write takes an optional or mandatory `reason` that goes to the
// audit log.

export * from './blocks'
export * from './audit'
export * from './services'
export * from './providers'
export * from './users'
export * from './orders'
export * from './payments'
export * from './content'
export * from './jobs'
export * from './tickets'
export * from './affiliates'
export * from './reports'
