// Realistic fixtures of the operator console, typed by the contract and hung off FIXTURE_NOW like
// the customer fixtures: the same services, the demo customer's orders, two upstream providers, a handful of
// accounts of every role, deposits through every gateway, dead jobs and an audit trail.

export * from './operators'
export * from './users'
export * from './orders'
export * from './catalogue'
export * from './payments'
export * from './content'
export * from './jobs'
export * from './audit'
export * from './tickets'
export * from './reports'
