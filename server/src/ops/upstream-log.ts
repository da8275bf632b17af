import { subscribe, unsubscribe } from 'node:diagnostics_channel'
import type { Logger } from '../logger'
import { currentRequestId } from './request-context'

// One log line per outgoing HTTP call (SMM providers, payment gateways, AI providers): host, method, path,
// status or failure, and time, with the id of the request or job it follows from. The calls are read from
// fetch()'s own diagnostics channels, so no adapter has to remember to log. The query string is left out
// (some gateways take tokens there); bodies, where API keys travel, are never read.

interface UndiciRequest {
  origin?: string
  method?: string
  path?: string
}

interface Started {
  at: number
  requestId: string | undefined
}

/** Starts logging outgoing calls on `logger`; answers the function that stops it. */
export function logUpstreamCalls(logger: Logger): () => void {
  const started = new WeakMap<object, Started>()
  const describe = (request: UndiciRequest) => {
    let host = 'unknown'
    try {
      host = new URL(request.origin ?? '').host || host
    } catch {
      // An origin undici could not name: logged as unknown.
    }
    return { host, method: request.method ?? 'GET', path: (request.path ?? '').split('?')[0] }
  }
  const fieldsOf = (request: UndiciRequest) => {
    const start = started.get(request)
    started.delete(request)
    return {
      ...describe(request),
      ...(start?.requestId ? { requestId: start.requestId } : {}),
      ms: start === undefined ? undefined : Math.round(performance.now() - start.at),
    }
  }
  // The context of the caller is known only when the call is created; the answer arrives on a socket event.
  const onCreate = (message: unknown) => {
    started.set((message as { request: object }).request, {
      at: performance.now(),
      requestId: currentRequestId(),
    })
  }
  const onHeaders = (message: unknown) => {
    const { request, response } = message as { request: UndiciRequest; response: { statusCode: number } }
    logger.info('Upstream call', { ...fieldsOf(request), status: response.statusCode })
  }
  const onError = (message: unknown) => {
    const { request, error } = message as { request: UndiciRequest; error?: { message?: string } }
    logger.warn('Upstream call failed', { ...fieldsOf(request), error: error?.message ?? 'unknown' })
  }
  const channels: [string, (message: unknown) => void][] = [
    ['undici:request:create', onCreate],
    ['undici:request:headers', onHeaders],
    ['undici:request:error', onError],
  ]
  for (const [name, listener] of channels) subscribe(name, listener)
  return () => {
    for (const [name, listener] of channels) unsubscribe(name, listener)
  }
}
