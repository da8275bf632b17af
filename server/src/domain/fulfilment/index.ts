// Fulfilment: sending pending orders upstream (dispatch), keeping their status true and refunding what was not
// delivered (sync), and asking the upstream to cancel (cancel). The job handlers in jobs/handlers call these.

export * from './cancel'
export * from './common'
export * from './dispatch'
export * from './runs'
export * from './sync'
export * from './texts'
