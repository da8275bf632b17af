// The cost of one request's log line: the JSON logger the server writes with (createJsonLogger, the secrets
// check included), writing to /dev/null synchronously as it writes to standard output. It prints figures and
// asserts nothing.
//
//   pnpm bench:log-line

import fs from 'node:fs'
import os from 'node:os'
import { createJsonLogger } from '../server/src/logger'

const LINES = 200_000
const ROUNDS = 3

const devNull = fs.openSync('/dev/null', 'w')
const logger = createJsonLogger({ destination: { write: (line: string) => fs.writeSync(devNull, line) } })
// The fields the request log writes for a signed-in request.
const requestLine = () => ({
  requestId: 'a4b1c2d3-5e6f-4a7b-8c9d-0e1f2a3b4c5d',
  method: 'GET',
  route: '/api/user/me',
  status: 200,
  durationMs: 1.3,
  userId: 42,
})

const figures: string[] = []
for (let round = 0; round < ROUNDS; round++) {
  const started = performance.now()
  for (let line = 0; line < LINES; line++) logger.info('request', requestLine())
  figures.push((((performance.now() - started) * 1000) / LINES).toFixed(2))
}
const load = os
  .loadavg()
  .map((value) => value.toFixed(2))
  .join(' ')
console.log(
  `A request's log line: ${figures.join(', ')} µs (${ROUNDS} rounds of ${LINES.toLocaleString('en')} lines), ` +
    `Node ${process.version}, load average ${load}`,
)
