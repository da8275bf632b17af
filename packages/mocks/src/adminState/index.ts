// The in-memory state behind the operator console's handlers, so a story's flow behaves: a created service
// shows in the list, a balance adjustment writes a ledger entry and moves the balance, a refund moves money
// and every write leaves an audit entry. Where the server has a rule of its own (what a cancel does), the
// state follows it from the contract.

export * from './store'
export * from './catalogue'
export * from './users'
export * from './orders'
export * from './operations'
export * from './tickets'
