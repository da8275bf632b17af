import http from 'node:http'
import type { AddressInfo } from 'node:net'
import path from 'node:path'
import { fileURLToPath } from 'node:url'

/** One request as the fake received it, so tests assert what an adapter actually sent. */
export interface RecordedRequest {
  method: string
  /** Path without the query string, e.g. `/v1/chat/completions`. */
  path: string
  query: URLSearchParams
  /** Lower-cased names, as Node gives them. */
  headers: http.IncomingHttpHeaders
  /** The JSON body parsed, or undefined when there was none or it was not JSON. */
  body: unknown
  rawBody: string
}

export interface FakeReply {
  status: number
  /** Sent as JSON. */
  json?: unknown
  /** Sent as it is, for answers that must not be valid JSON. */
  text?: string
  /** Wait this long before answering, to outlast a client's timeout. */
  delayMs?: number
}

/** Ways a fake provider can misbehave on the next requests, whatever their path. */
export type FakeFailure =
  /** 401 whose message quotes the key it was sent, as a careless provider would. */
  | { kind: 'unauthorized' }
  | { kind: 'status'; status: number; message?: string }
  /** Answers normally, but only after the delay. */
  | { kind: 'slow'; delayMs: number }
  /** 200 with a body that is not JSON. */
  | { kind: 'malformed-json' }

export interface RecordingServer {
  /** `http://127.0.0.1:<port>`, without a trailing slash. */
  url: string
  requests: RecordedRequest[]
  close(): Promise<void>
}

/** The bearer token of a request, or undefined. */
export function bearerToken(request: RecordedRequest): string | undefined {
  const header = request.headers.authorization
  const match = typeof header === 'string' ? /^Bearer (.+)$/.exec(header) : null
  return match?.[1]
}

/** The first link in a prompt, found after "Target link:", so fake answers can mention it. */
export function targetLinkIn(prompt: string): string {
  return /Target link: (\S+)/.exec(prompt)?.[1] ?? 'the post'
}

/** A queue of failures, consumed one per request. */
export class FailureQueue {
  private readonly queue: FakeFailure[] = []

  add(failure: FakeFailure, times: number): void {
    for (let index = 0; index < times; index += 1) this.queue.push(failure)
  }

  take(): FakeFailure | undefined {
    return this.queue.shift()
  }
}

/**
 * Starts an HTTP server on 127.0.0.1 (port 0 by default: any free port) that records every request and
 * answers with `handler`. Closing it also drops open connections, so a slow answer never holds a test run.
 */
export async function startRecordingServer(
  handler: (request: RecordedRequest, origin: string) => FakeReply | Promise<FakeReply>,
  port = 0,
): Promise<RecordingServer> {
  const requests: RecordedRequest[] = []
  const timers = new Set<NodeJS.Timeout>()
  let origin = ''

  const server = http.createServer((incoming, outgoing) => {
    const chunks: Buffer[] = []
    incoming.on('data', (chunk: Buffer) => chunks.push(chunk))
    incoming.on('end', () => {
      const rawBody = Buffer.concat(chunks).toString('utf8')
      let body: unknown
      try {
        body = rawBody ? (JSON.parse(rawBody) as unknown) : undefined
      } catch {
        body = undefined
      }
      const url = new URL(incoming.url ?? '/', origin)
      const request: RecordedRequest = {
        method: incoming.method ?? 'GET',
        path: url.pathname,
        query: url.searchParams,
        headers: incoming.headers,
        body,
        rawBody,
      }
      requests.push(request)
      Promise.resolve(handler(request, origin))
        .then((reply) => {
          const send = () => {
            if (outgoing.destroyed) return
            const payload = reply.text ?? (reply.json === undefined ? '' : JSON.stringify(reply.json))
            outgoing.writeHead(reply.status, {
              'content-type': reply.text === undefined ? 'application/json' : 'text/plain',
            })
            outgoing.end(payload)
          }
          if (!reply.delayMs) return send()
          const timer = setTimeout(() => {
            timers.delete(timer)
            send()
          }, reply.delayMs)
          timers.add(timer)
        })
        .catch((error: unknown) => {
          outgoing.writeHead(500, { 'content-type': 'application/json' })
          outgoing.end(JSON.stringify({ error: { message: `fake server bug: ${String(error)}` } }))
        })
    })
  })

  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve))
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`

  return {
    url: origin,
    requests,
    close: () =>
      new Promise<void>((resolve, reject) => {
        for (const timer of timers) clearTimeout(timer)
        server.closeAllConnections()
        server.close((error) => (error ? reject(error) : resolve()))
      }),
  }
}

/** Whether this module was started as a program (`tsx fakes/replicate.ts`) rather than imported. */
export function isMainModule(moduleUrl: string): boolean {
  const script = process.argv[1]
  return script !== undefined && fileURLToPath(moduleUrl) === path.resolve(script)
}

/** `--port 4010` or PORT=4010; 0 (any free port) when neither is given. */
export function portFromCommandLine(): number {
  const flagIndex = process.argv.indexOf('--port')
  const value = flagIndex >= 0 ? process.argv[flagIndex + 1] : process.env.PORT
  const port = Number(value ?? 0)
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new Error(`Not a port: ${value}`)
  return port
}
