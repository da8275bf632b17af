// The in-memory state behind the handlers, so a story's flow behaves: an order placed shows in the list and
// moves the balance, a deposit completes, a deleted AI setting disappears.

export * from './store'
export * from './reads'
export * from './accounts'
export * from './ai-settings'
export * from './orders'
export * from './api-keys'
export * from './payments'
