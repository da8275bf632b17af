// The in-memory state behind the handlers, so a story's flow behaves: an order placed shows in the list and
// moves the balance, a deposit completes, a deleted AI setting disappears.

export * from './store'
export * from './reads'
export * from './accounts'
export * from './aiSettings'
export * from './orders'
export * from './apiKeys'
export * from './payments'
export * from './security'
export * from './support'
export * from './notifications'
export * from './workspaces'
