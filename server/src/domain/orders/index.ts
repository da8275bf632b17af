// Orders: placing (single, mass, subscription periods), listing, cancelling and retrying. Each operation is
// one database transaction; the money moves through the ledger and the next step of the order is a job
// enqueued in that same transaction.

export * from './refusals'
export * from './ai-snapshot'
export * from './ai-key'
export * from './charged-order'
export * from './place'
export * from './mass'
export * from './read'
export * from './cancel'
export * from './retry'
export * from './filters'
export * from './export'
