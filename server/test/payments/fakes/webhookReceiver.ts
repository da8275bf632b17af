// Stands in for our webhook route in adapter tests: receives the gateway's POST over real HTTP, hands the raw
// body and headers to the adapter, and answers 200 or 400 as the route will.

import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import type { PaymentGateway, PaymentReport } from '../../../src/adapters/payments'

export interface WebhookReceiver {
  url: string
  /** The outcome of every delivery, in order: a report, or the error verifyWebhook threw. */
  deliveries: (PaymentReport | Error)[]
  close(): Promise<void>
}

export async function startWebhookReceiver(gateway: PaymentGateway): Promise<WebhookReceiver> {
  const deliveries: (PaymentReport | Error)[] = []
  const server = createServer((incoming, response) => {
    const chunks: Buffer[] = []
    incoming.on('data', (chunk: Buffer) => chunks.push(chunk))
    incoming.on('end', () => {
      const headers = new Headers()
      for (const [name, value] of Object.entries(incoming.headers)) {
        if (typeof value === 'string') headers.set(name, value)
      }
      try {
        deliveries.push(gateway.verifyWebhook({ rawBody: Buffer.concat(chunks).toString('utf8'), headers }))
        response.writeHead(200, { 'content-type': 'application/json' }).end('{"ok":true}')
      } catch (error) {
        deliveries.push(error as Error)
        response
          .writeHead(400, { 'content-type': 'application/json' })
          .end(JSON.stringify({ detail: String(error) }))
      }
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  return {
    url: `http://127.0.0.1:${port}/api/payments/${gateway.name}/webhook`,
    deliveries,
    close: () =>
      new Promise((resolve, reject) => server.close((error) => (error ? reject(error) : resolve()))),
  }
}
