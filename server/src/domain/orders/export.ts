import { csvRecord, microsToUsd, ORDER_CSV_COLUMNS, type OrderFilterQuery } from '@engage/contract'
import type { Db } from '../../db/connect'
import { linkContains, orderFilterCondition } from './filters'

// The CSV export of an order list: every order the filters select, newest first, however many. The file is
// streamed: the orders are read a batch at a time by keyset (id below the last one sent) over the same index
// the list pages with, and a batch is read only when the client has taken the previous one, so memory stays
// flat whatever the export's size and a client that stops reading stops the queries.

/** Orders read per query. */
const EXPORT_BATCH = 500

export interface OrderExportScope {
  /** A customer's own orders; absent for the console's export of every account's orders. */
  userId?: number
  /** The console's account filter, already resolved to its user id; null when it names no account. */
  accountUserId?: number | null
  /** The console's substring of the link. */
  link?: string | undefined
  /** Adds the account's email as the last column (the console's export). */
  withAccount?: boolean
}

const encoder = new TextEncoder()

async function readBatch(db: Db, scope: OrderExportScope, filter: OrderFilterQuery, beforeId: number | null) {
  let query = db
    .selectFrom('orders')
    .innerJoin('users', 'users.id', 'orders.user_id')
    .select([
      'orders.id',
      'orders.created_at',
      'orders.service_type',
      'orders.target_url',
      'orders.quantity',
      'orders.charge',
      'orders.status',
      'orders.start_count',
      'orders.remains',
      'users.email',
    ])
    .where(orderFilterCondition(filter))
  if (scope.userId !== undefined) query = query.where('orders.user_id', '=', scope.userId)
  if (scope.accountUserId != null) query = query.where('orders.user_id', '=', scope.accountUserId)
  if (scope.link !== undefined) query = query.where(linkContains(scope.link))
  if (beforeId !== null) query = query.where('orders.id', '<', beforeId)
  return query.orderBy('orders.id', 'desc').limit(EXPORT_BATCH).execute()
}

/** The CSV file of the orders the scope and filters select, as a stream of UTF-8 bytes. */
export function orderCsvStream(
  db: Db,
  scope: OrderExportScope,
  filter: OrderFilterQuery,
): ReadableStream<Uint8Array> {
  const header = scope.withAccount ? [...ORDER_CSV_COLUMNS, 'Account'] : [...ORDER_CSV_COLUMNS]
  let beforeId: number | null = null
  let started = false
  let finished = scope.accountUserId === null
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      if (!started) {
        started = true
        // A byte order mark so that spreadsheet programs read the file as UTF-8.
        controller.enqueue(encoder.encode(`\uFEFF${csvRecord(header)}`))
        return
      }
      if (finished) {
        controller.close()
        return
      }
      const rows = await readBatch(db, scope, filter, beforeId)
      if (rows.length < EXPORT_BATCH) finished = true
      const last = rows.at(-1)
      if (last) beforeId = Number(last.id)
      if (rows.length === 0) {
        controller.close()
        return
      }
      let text = ''
      for (const row of rows) {
        const values: (string | number | null)[] = [
          Number(row.id),
          new Date(Number(row.created_at)).toISOString(),
          row.service_type,
          row.target_url,
          row.quantity,
          microsToUsd(Number(row.charge)),
          row.status,
          row.start_count,
          row.remains,
        ]
        if (scope.withAccount) values.push(row.email)
        text += csvRecord(values)
      }
      controller.enqueue(encoder.encode(text))
    },
  })
}
