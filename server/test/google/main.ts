import { parseArgs } from 'node:util'
import { fakeGoogleFailures, type FakeGoogleFailure, FakeGoogleIssuer } from './fakeGoogleIssuer'

// Runs the fake Google issuer on its own, for manual demos and for an end-to-end suite that starts it as a
// process:
//
//   pnpm --dir server exec tsx test/google/main.ts [--port 4010] [--email someone@example.com]
//     [--sub 123] [--unverified] [--auto-approve] [--client-id ID] [--client-secret SECRET]
//     [--failure wrong-audience|wrong-issuer|wrong-nonce|expired|bad-signature|unknown-key|token-endpoint-error]
//
// It prints the line `Fake Google issuer listening on <url>`, then the three variables to start the server
// with, one `NAME=value` a line. Ctrl-C (or SIGTERM) stops it.

const { values } = parseArgs({
  options: {
    host: { type: 'string', default: '127.0.0.1' },
    port: { type: 'string', default: '0' },
    email: { type: 'string' },
    sub: { type: 'string' },
    name: { type: 'string' },
    unverified: { type: 'boolean', default: false },
    'auto-approve': { type: 'boolean', default: false },
    'client-id': { type: 'string' },
    'client-secret': { type: 'string' },
    failure: { type: 'string' },
  },
})

const failure = values.failure as FakeGoogleFailure | undefined
if (failure !== undefined && !(fakeGoogleFailures as readonly string[]).includes(failure)) {
  console.error(`--failure must be one of ${fakeGoogleFailures.join(', ')}`)
  process.exit(2)
}
const port = Number(values.port)
if (!Number.isInteger(port) || port < 0 || port > 65535) {
  console.error('--port must be a port number (0 picks a free one)')
  process.exit(2)
}

const issuer = await FakeGoogleIssuer.start({
  host: values.host,
  port,
  clientId: values['client-id'],
  clientSecret: values['client-secret'],
  user: {
    ...(values.email !== undefined && { email: values.email }),
    ...(values.sub !== undefined && { sub: values.sub }),
    ...(values.name !== undefined && { name: values.name }),
    emailVerified: !values.unverified,
  },
  autoApprove: values['auto-approve'],
  failure,
})

console.log(`Fake Google issuer listening on ${issuer.url}`)
console.log(`GOOGLE_ISSUER=${issuer.url}`)
console.log(`GOOGLE_CLIENT_ID=${issuer.clientId}`)
console.log(`GOOGLE_CLIENT_SECRET=${issuer.clientSecret}`)

const stop = () => {
  issuer.close().then(
    () => process.exit(0),
    () => process.exit(1),
  )
}
process.once('SIGINT', stop)
process.once('SIGTERM', stop)
