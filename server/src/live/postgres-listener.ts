import pg from 'pg'

// PostgreSQL's LISTEN needs a connection of its own, held open: a pooled connection goes back to the pool
// after each query and would stop hearing. The channel is named after the schema (the trigger of migration
// 0170 notifies 'live_events_' || current_schema()), so that databases sharing a server, like the tests' schemas,
// do not wake each other. A lost connection is opened again after a pause; meanwhile the hub keeps polling.

export interface NotificationListener {
  close(): Promise<void>
}

const RECONNECT_DELAY_MS = 1_000

export function listenForNotifications(options: {
  databaseUrl: string
  schema?: string | undefined
  onNotify: () => void
  onError: (error: unknown) => void
}): NotificationListener {
  let client: pg.Client | undefined
  let closed = false
  let retryTimer: NodeJS.Timeout | undefined

  async function connect() {
    const connection = new pg.Client({
      connectionString: options.databaseUrl,
      ...(options.schema ? { options: `-c search_path=${options.schema}` } : {}),
    })
    client = connection
    connection.on('notification', () => options.onNotify())
    connection.on('error', (error) => {
      options.onError(error)
      reconnect(connection)
    })
    connection.on('end', () => reconnect(connection))
    try {
      await connection.connect()
      const { rows } = await connection.query<{ schema: string }>('select current_schema() as schema')
      const channel = `live_events_${rows[0]?.schema ?? 'public'}`
      await connection.query(`listen ${pg.escapeIdentifier(channel)}`)
      // Whatever committed while no one listened is read now.
      options.onNotify()
    } catch (error) {
      options.onError(error)
      reconnect(connection)
    }
  }

  function reconnect(connection: pg.Client) {
    if (closed || client !== connection) return
    client = undefined
    void connection.end().catch(() => {})
    retryTimer = setTimeout(() => void connect(), RECONNECT_DELAY_MS)
    retryTimer.unref()
  }

  void connect()
  return {
    async close() {
      closed = true
      clearTimeout(retryTimer)
      const connection = client
      client = undefined
      await connection?.end().catch(() => {})
    },
  }
}
