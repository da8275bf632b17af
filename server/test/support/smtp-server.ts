import net from 'node:net'

// A local SMTP server speaking just enough of RFC 5321 for nodemailer to deliver a plain-text message, so the
// mail adapter is tested over a real socket (no network, no mocks of our own modules).

export interface ReceivedMail {
  from: string
  to: string[]
  /** The DATA section: headers, blank line, body (dot-stuffing undone). */
  data: string
}

export interface FakeSmtpServer {
  url: string
  received: ReceivedMail[]
  /** Resolves with the next message that arrives (or the first one already there). */
  nextMail(): Promise<ReceivedMail>
  close(): Promise<void>
}

export async function startFakeSmtpServer(): Promise<FakeSmtpServer> {
  const received: ReceivedMail[] = []
  const waiting: ((mail: ReceivedMail) => void)[] = []
  const sockets = new Set<net.Socket>()
  const server = net.createServer((socket) => {
    sockets.add(socket)
    socket.on('close', () => sockets.delete(socket))
    socket.setEncoding('utf8')
    let buffer = ''
    let inData = false
    let current: ReceivedMail = { from: '', to: [], data: '' }
    const reply = (line: string) => socket.write(`${line}\r\n`)
    reply('220 fake-smtp ready')
    socket.on('data', (chunk: string) => {
      buffer += chunk
      for (;;) {
        if (inData) {
          const end = buffer.indexOf('\r\n.\r\n')
          if (end === -1) return
          current.data = buffer.slice(0, end).replace(/^\.\./gm, '.')
          buffer = buffer.slice(end + 5)
          inData = false
          received.push(current)
          waiting.shift()?.(current)
          current = { from: '', to: [], data: '' }
          reply('250 OK: queued')
          continue
        }
        const lineEnd = buffer.indexOf('\r\n')
        if (lineEnd === -1) return
        const line = buffer.slice(0, lineEnd)
        buffer = buffer.slice(lineEnd + 2)
        const verb = line.slice(0, 4).toUpperCase()
        if (verb === 'EHLO' || verb === 'HELO') reply('250 fake-smtp')
        else if (verb === 'MAIL') {
          current.from = /<([^>]*)>/.exec(line)?.[1] ?? ''
          reply('250 OK')
        } else if (verb === 'RCPT') {
          current.to.push(/<([^>]*)>/.exec(line)?.[1] ?? '')
          reply('250 OK')
        } else if (verb === 'DATA') {
          inData = true
          reply('354 End data with <CR><LF>.<CR><LF>')
        } else if (verb === 'QUIT') {
          reply('221 Bye')
          socket.end()
        } else if (verb === 'RSET' || verb === 'NOOP') reply('250 OK')
        else reply('502 Command not implemented')
      }
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as net.AddressInfo
  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    nextMail: () => {
      const first = received[0]
      if (first) return Promise.resolve(first)
      return new Promise((resolve) => waiting.push(resolve))
    },
    close: async () => {
      for (const socket of sockets) socket.destroy()
      await new Promise<void>((resolve) => server.close(() => resolve()))
    },
  }
}
