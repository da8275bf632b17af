import { AsyncLocalStorage } from 'node:async_hooks'

// The request a piece of work follows from: set by the request log around each request, read by the JSON
// logger, so every line logged while answering it (a job enqueued, an upstream call) carries its id.

export interface RequestContext {
  requestId: string
}

const storage = new AsyncLocalStorage<RequestContext>()

/** Runs `work` as part of the request `context`. */
export function runInRequest<T>(context: RequestContext, work: () => T): T {
  return storage.run(context, work)
}

/** The id of the request the caller is working for, if any. */
export function currentRequestId(): string | undefined {
  return storage.getStore()?.requestId
}

/**
 * Runs `work` as part of the request `requestId`, or outside any request when it is null: a job run from a
 * timer another job scheduled must not inherit that job's request.
 */
export function withRequestId<T>(requestId: string | null | undefined, work: () => T): T {
  return requestId ? storage.run({ requestId }, work) : storage.exit(work)
}
