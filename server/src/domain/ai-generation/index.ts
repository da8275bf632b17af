// The texts of ai_comments and ai_tweets orders: written by the customer's AI setting, frozen on the
// order, with the customer's key or the operator's default key; stored one row per text as each batch comes
// back; sent upstream as the `comments` of a Custom Comments service once all of them exist.
//
// The lifecycle rides on the order's `dispatch-order` job (domain/fulfilment/). Dispatching an AI order first
// checks that its service is mapped to a provider (an unmapped one pauses with the reason it has no upstream
// before any text is paid for), then asks generatedOrderTexts for its texts; while they are incomplete that
// enqueues `generate-texts` (once) and the dispatch waits, looking again a little later. generateOrderTexts
// writes what is missing; the waiting dispatch then finds every text and sends them. A provider that refuses
// the setting (or keeps failing after the job's retries) pauses the order with the reason; the waiting dispatch
// finds the order paused and ends. Retrying the order enqueues a new dispatch, which starts the generation
// again from the texts already stored.

export * from './common'
export * from './settings'
export * from './reading'
export * from './dispatch-hook'
export * from './generating'
