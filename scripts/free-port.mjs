// A free TCP port on 127.0.0.1, for a server that must know its own port before it starts (the API's
// PUBLIC_URL, Chromium's debugging port): the test setups and the benchmarks use it.
import net from 'node:net'

/** A port that was free a moment ago on 127.0.0.1 (the system picks it; the listener is closed again). */
export function freePort() {
  return new Promise((resolve, reject) => {
    const server = net.createServer()
    server.once('error', reject)
    server.listen(0, '127.0.0.1', () => {
      const address = server.address()
      server.close(() =>
        address && typeof address === 'object'
          ? resolve(address.port)
          : reject(new Error('No port was given')),
      )
    })
  })
}
