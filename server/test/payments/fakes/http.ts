// Plumbing shared by the fake gateways: a node:http server on an ephemeral port that can also be told to
// misbehave (answer 500, or never answer) the way a real gateway sometimes does.

import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'

export interface FakeRequest {
  method: string
  path: string
  query: URLSearchParams
  headers: IncomingMessage['headers']
  rawBody: string
}

export interface FakeReply {
  status: number
  body: unknown
}

export type Misbehaviour = 'server_error' | 'hang'

export interface FakeHttpServer {
  baseUrl: string
  /** Every request received, in order, with its exact body. */
  requests: FakeRequest[]
  /** The next `count` requests get this treatment instead of an answer. */
  misbehave(kind: Misbehaviour, count?: number): void
  close(): Promise<void>
}

async function readBody(request: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = []
  for await (const chunk of request) chunks.push(chunk as Buffer)
  return Buffer.concat(chunks).toString('utf8')
}

function send(response: ServerResponse, reply: FakeReply) {
  response.writeHead(reply.status, { 'content-type': 'application/json' })
  response.end(JSON.stringify(reply.body))
}

export async function startFakeHttpServer(
  handle: (request: FakeRequest) => FakeReply,
): Promise<FakeHttpServer> {
  const requests: FakeRequest[] = []
  const misbehaviours: Misbehaviour[] = []
  const server = createServer((incoming, response) => {
    void (async () => {
      const url = new URL(incoming.url ?? '/', 'http://fake.test')
      const request: FakeRequest = {
        method: incoming.method ?? 'GET',
        path: url.pathname,
        query: url.searchParams,
        headers: incoming.headers,
        rawBody: await readBody(incoming),
      }
      requests.push(request)
      const misbehaviour = misbehaviours.shift()
      if (misbehaviour === 'hang') return
      if (misbehaviour === 'server_error') {
        response.writeHead(502, { 'content-type': 'text/html' })
        response.end('<html><body>502 Bad Gateway</body></html>')
        return
      }
      send(response, handle(request))
    })()
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    requests,
    misbehave(kind, count = 1) {
      for (let index = 0; index < count; index += 1) misbehaviours.push(kind)
    },
    close() {
      server.closeAllConnections()
      return new Promise((resolve, reject) => server.close((error) => (error ? reject(error) : resolve())))
    },
  }
}
