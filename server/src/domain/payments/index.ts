// Deposits: a payments row per deposit, created before the gateway's invoice; every report about it
// (a verified webhook, a status the reconcile job fetched) goes through applyPaymentReport, the one place that
// credits. A deposit credits once: the payment row moves to completed by a conditional update, and its ledger
// entry has a unique idempotency key, both in one transaction.

export * from './gateways'
export * from './start-deposit'
export * from './reports'
export * from './deposit-status'
export * from './sandbox'
export * from './reconcile'
