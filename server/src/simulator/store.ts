import Database from 'better-sqlite3'
import type { SimulatorOutcome } from './knobs'

export interface SimulatorOrder {
  id: number
  service: number
  link: string
  quantity: number
  /** The texts of a Custom Comments order, one per unit. */
  comments: string[] | null
  startCount: number
  /** The service's rate when the order was placed: later catalogue changes do not reprice it. */
  ratePer1000Micros: number
  outcome: SimulatorOutcome
  /** How many units the order delivers before it ends on its own. */
  deliverQuantity: number
  createdAt: number
  /** When a `cancel` call stopped it. */
  cancelledAt: number | null
}

export type NewSimulatorOrder = Omit<SimulatorOrder, 'id' | 'cancelledAt'>

export interface SimulatorRefill {
  id: number
  orderId: number
  createdAt: number
}

/**
 * Where the simulator keeps its orders and refills. Everything else (status, remains, charge, balance) is
 * derived from these rows and the clock, so the store only ever records facts that happened.
 */
export interface SimulatorStore {
  /** Stores the order under the next id; ids only ever increase. */
  insertOrder(order: NewSimulatorOrder): SimulatorOrder
  findOrder(id: number): SimulatorOrder | undefined
  listOrders(): SimulatorOrder[]
  markOrderCancelled(id: number, at: number): void
  insertRefill(orderId: number, createdAt: number): SimulatorRefill
  findRefill(id: number): SimulatorRefill | undefined
  close(): void
}

export function createMemorySimulatorStore(): SimulatorStore {
  const orders = new Map<number, SimulatorOrder>()
  const refills = new Map<number, SimulatorRefill>()
  return {
    insertOrder(order) {
      const stored = { ...order, id: orders.size + 1, cancelledAt: null }
      orders.set(stored.id, stored)
      return { ...stored }
    },
    findOrder(id) {
      const order = orders.get(id)
      return order && { ...order }
    },
    listOrders() {
      return [...orders.values()].map((order) => ({ ...order }))
    },
    markOrderCancelled(id, at) {
      const order = orders.get(id)
      if (order) order.cancelledAt = at
    },
    insertRefill(orderId, createdAt) {
      const refill = { id: refills.size + 1, orderId, createdAt }
      refills.set(refill.id, refill)
      return { ...refill }
    },
    findRefill(id) {
      const refill = refills.get(id)
      return refill && { ...refill }
    },
    close() {},
  }
}

interface OrderRow {
  id: number
  service: number
  link: string
  quantity: number
  comments: string | null
  start_count: number
  rate_per_1000_micros: number
  outcome: SimulatorOutcome
  deliver_quantity: number
  created_at: number
  cancelled_at: number | null
}

interface RefillRow {
  id: number
  order_id: number
  created_at: number
}

function orderFromRow(row: OrderRow): SimulatorOrder {
  return {
    id: row.id,
    service: row.service,
    link: row.link,
    quantity: row.quantity,
    comments: row.comments === null ? null : (JSON.parse(row.comments) as string[]),
    startCount: row.start_count,
    ratePer1000Micros: row.rate_per_1000_micros,
    outcome: row.outcome,
    deliverQuantity: row.deliver_quantity,
    createdAt: row.created_at,
    cancelledAt: row.cancelled_at,
  }
}

/** Keeps the simulator's orders in a SQLite file, so a demo restart still knows the orders it accepted. */
export function createSqliteSimulatorStore(path: string): SimulatorStore {
  const database = new Database(path)
  database.pragma('journal_mode = WAL')
  database.pragma('busy_timeout = 5000')
  database.exec(`
    CREATE TABLE IF NOT EXISTS simulator_orders (
      id INTEGER PRIMARY KEY AUTOINCREMENT,
      service INTEGER NOT NULL,
      link TEXT NOT NULL,
      quantity INTEGER NOT NULL,
      comments TEXT,
      start_count INTEGER NOT NULL,
      rate_per_1000_micros INTEGER NOT NULL,
      outcome TEXT NOT NULL,
      deliver_quantity INTEGER NOT NULL,
      created_at INTEGER NOT NULL,
      cancelled_at INTEGER
    );
    CREATE TABLE IF NOT EXISTS simulator_refills (
      id INTEGER PRIMARY KEY AUTOINCREMENT,
      order_id INTEGER NOT NULL REFERENCES simulator_orders (id),
      created_at INTEGER NOT NULL
    );
  `)
  const statements = {
    insertOrder: database.prepare<
      [number, string, number, string | null, number, number, string, number, number],
      OrderRow
    >(`
      INSERT INTO simulator_orders
        (service, link, quantity, comments, start_count, rate_per_1000_micros, outcome, deliver_quantity,
         created_at)
      VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)
      RETURNING *
    `),
    findOrder: database.prepare<[number], OrderRow>('SELECT * FROM simulator_orders WHERE id = ?'),
    listOrders: database.prepare<[], OrderRow>('SELECT * FROM simulator_orders ORDER BY id'),
    markOrderCancelled: database.prepare<[number, number]>(
      'UPDATE simulator_orders SET cancelled_at = ? WHERE id = ?',
    ),
    insertRefill: database.prepare<[number, number], RefillRow>(
      'INSERT INTO simulator_refills (order_id, created_at) VALUES (?, ?) RETURNING *',
    ),
    findRefill: database.prepare<[number], RefillRow>('SELECT * FROM simulator_refills WHERE id = ?'),
  }

  return {
    insertOrder(order) {
      const row = statements.insertOrder.get(
        order.service,
        order.link,
        order.quantity,
        order.comments === null ? null : JSON.stringify(order.comments),
        order.startCount,
        order.ratePer1000Micros,
        order.outcome,
        order.deliverQuantity,
        order.createdAt,
      )
      if (!row) throw new Error('INSERT ... RETURNING answered no row')
      return orderFromRow(row)
    },
    findOrder(id) {
      const row = statements.findOrder.get(id)
      return row && orderFromRow(row)
    },
    listOrders() {
      return statements.listOrders.all().map(orderFromRow)
    },
    markOrderCancelled(id, at) {
      statements.markOrderCancelled.run(at, id)
    },
    insertRefill(orderId, createdAt) {
      const row = statements.insertRefill.get(orderId, createdAt)
      if (!row) throw new Error('INSERT ... RETURNING answered no row')
      return { id: row.id, orderId: row.order_id, createdAt: row.created_at }
    },
    findRefill(id) {
      const row = statements.findRefill.get(id)
      return row && { id: row.id, orderId: row.order_id, createdAt: row.created_at }
    },
    close() {
      database.close()
    },
  }
}
