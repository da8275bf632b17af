// Reads a text/event-stream answer as the browser's EventSource would: one message per blank line, with its
// event name (default 'message'), id and data.

export interface StreamedEvent {
  event: string
  id: string | undefined
  data: string
}

export interface EventStreamReader {
  /** The next event the predicate accepts, with the events read since the last call that it skipped. */
  until(accept: (event: StreamedEvent) => boolean): Promise<{ event: StreamedEvent; before: StreamedEvent[] }>
  /** Every event read so far. */
  readonly seen: StreamedEvent[]
  close(): Promise<void>
}

export function readEventStream(response: Response): EventStreamReader {
  if (!response.body) throw new Error('The answer has no body')
  const reader = response.body.pipeThrough(new TextDecoderStream()).getReader()
  const seen: StreamedEvent[] = []
  let consumed = 0
  let buffer = ''

  function parse(block: string): StreamedEvent | undefined {
    let event = 'message'
    let id: string | undefined
    const data: string[] = []
    for (const line of block.split('\n')) {
      if (line.startsWith(':')) continue
      const colon = line.indexOf(':')
      const field = colon === -1 ? line : line.slice(0, colon)
      const value = colon === -1 ? '' : line.slice(colon + 1).replace(/^ /, '')
      if (field === 'event') event = value
      else if (field === 'id') id = value
      else if (field === 'data') data.push(value)
    }
    return data.length === 0 ? undefined : { event, id, data: data.join('\n') }
  }

  return {
    seen,
    async until(accept) {
      const from = consumed
      for (;;) {
        while (consumed < seen.length) {
          const event = seen[consumed] as StreamedEvent
          consumed += 1
          if (accept(event)) return { event, before: seen.slice(from, consumed - 1) }
        }
        const { value, done } = await reader.read()
        if (done) throw new Error(`The stream ended; events read: ${JSON.stringify(seen)}`)
        buffer += value.replaceAll('\r\n', '\n')
        let end: number
        while ((end = buffer.indexOf('\n\n')) !== -1) {
          const parsed = parse(buffer.slice(0, end))
          buffer = buffer.slice(end + 2)
          if (parsed) seen.push(parsed)
        }
      }
    },
    close: () => reader.cancel(),
  }
}
