import { setTimeout as sleep } from 'node:timers/promises'
import { Hono, type HonoRequest } from 'hono'
import { simulatorServices, type SimulatorService } from './catalogue'
import {
  checkedKnobs,
  defaultSimulatorKnobs,
  linkMarkersOf,
  type SimulatorKnobs,
  type SimulatorOutcome,
} from './knobs'
import {
  formatMicros,
  orderProgress,
  priceMicros,
  refillProgress,
  startCountOf,
  type SimulatorOrderProgress,
} from './progress'
import { createMemorySimulatorStore, type SimulatorOrder, type SimulatorStore } from './store'

export interface SimulatorOptions {
  /** The key clients must send in `key`. */
  apiKey: string
  /** How long each step of an order (Pending, In progress ×3, then its end) lasts, in ms. */
  stepMs: number
  /** @default () => Date.now() */
  clock?: () => number
  /** @default an in-memory store (see createSqliteSimulatorStore to keep orders across restarts) */
  store?: SimulatorStore
  /** Global defaults; links override them per order with `sim=` markers. */
  knobs?: Partial<SimulatorKnobs>
  /** What the account could spend before any order, in micro-USD. @default 10,000 USD */
  initialBalanceMicros?: number
  /** Draws for `errorRate`. @default Math.random */
  random?: () => number
}

/** One request the simulator received. The API key is left out. */
export interface SimulatorCall {
  at: number
  action: string
  fields: Record<string, string>
}

export interface Simulator {
  /** The API v2 endpoint: a single `POST /`. Mount it where the URL should be, e.g. at `/api/v2`. */
  app: Hono
  services: readonly SimulatorService[]
  /** The requests received so far, oldest first (the last 10,000). */
  calls(): SimulatorCall[]
  clearCalls(): void
  knobs(): SimulatorKnobs
  /** Changes global knobs from now on; orders already placed keep the outcome they were given. */
  setKnobs(changes: Partial<SimulatorKnobs>): void
  /** An order as the simulator sees it now, or undefined. */
  order(id: number): (SimulatorOrder & SimulatorOrderProgress) | undefined
  balanceMicros(): number
  /** Closes the store. */
  close(): void
}

type Fields = Record<string, string>

interface Answer {
  body: unknown
  httpStatus: 200 | 500
  /** The answer concerns an order whose link carries `sim=slow`. */
  slow: boolean
}

const maximumOrdersPerStatusCall = 100
const callLogLength = 10_000

function answer(body: unknown, slow = false): Answer {
  return { body, httpStatus: 200, slow }
}

function rejected(error: string): Answer {
  return answer({ error })
}

const serverError: Answer = { body: null, httpStatus: 500, slow: false }

function orderIdOf(text: string | undefined): number | null {
  const trimmed = text?.trim() ?? ''
  if (!/^\d{1,15}$/.test(trimmed)) return null
  const id = Number(trimmed)
  return id > 0 ? id : null
}

function orderIdsOf(text: string | undefined): string[] {
  return (text ?? '')
    .split(',')
    .map((id) => id.trim())
    .filter((id) => id !== '')
}

function isHttpLink(link: string): boolean {
  try {
    const url = new URL(link)
    return url.protocol === 'http:' || url.protocol === 'https:'
  } catch {
    return false
  }
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}

/** Form bodies as panels receive them; JSON too, since some clients send it. Null when unreadable. */
async function readFields(request: HonoRequest): Promise<Fields | null> {
  try {
    if ((request.header('content-type') ?? '').includes('application/json')) {
      const body: unknown = await request.json()
      if (!isPlainObject(body)) return null
      const fields: Fields = {}
      for (const [name, value] of Object.entries(body)) {
        if (typeof value === 'string') fields[name] = value
        else if (typeof value === 'number' || typeof value === 'boolean') fields[name] = String(value)
        else if (Array.isArray(value)) fields[name] = value.map(String).join(name === 'comments' ? '\n' : ',')
      }
      return fields
    }
    const body = await request.parseBody()
    const fields: Fields = {}
    for (const [name, value] of Object.entries(body)) {
      if (typeof value === 'string') fields[name] = value
    }
    return fields
  } catch {
    return null
  }
}

/**
 * A provider speaking the SMM panel API v2, for the demo and the tests. Orders move Pending → In progress →
 * Completed (or Partial, or Canceled) as the clock advances; see `orderProgress` and the knobs.
 */
export function createSimulator(options: SimulatorOptions): Simulator {
  const {
    apiKey,
    stepMs,
    clock = () => Date.now(),
    store = createMemorySimulatorStore(),
    initialBalanceMicros = 10_000_000_000,
    random = Math.random,
  } = options
  if (!(Number.isFinite(stepMs) && stepMs > 0)) throw new RangeError('stepMs must be a positive number')
  let knobs = checkedKnobs({ ...defaultSimulatorKnobs, ...options.knobs })
  let callLog: SimulatorCall[] = []

  const serviceById = new Map(simulatorServices.map((service) => [service.service, service]))

  function balanceAt(now: number): number {
    let spent = 0
    for (const order of store.listOrders()) spent += orderProgress(order, now, stepMs).chargeMicros
    return initialBalanceMicros - spent
  }

  function isSlow(order: SimulatorOrder): boolean {
    return linkMarkersOf(order.link).has('slow')
  }

  function statusBody(order: SimulatorOrder, now: number) {
    const progress = orderProgress(order, now, stepMs)
    return {
      charge: formatMicros(progress.chargeMicros),
      start_count: String(order.startCount),
      status: progress.status,
      remains: String(progress.remains),
      currency: 'USD',
    }
  }

  // -------------------------------------------------------------------------------------------------------
  // Actions

  function services(): Answer {
    return answer(
      simulatorServices.map((service) => ({
        service: service.service,
        name: service.name,
        type: service.type,
        category: service.category,
        rate: formatMicros(service.ratePer1000Micros),
        min: String(service.min),
        max: String(service.max),
        refill: service.refill,
        cancel: service.cancel,
      })),
    )
  }

  function add(fields: Fields, now: number): Answer {
    const service = serviceById.get(orderIdOf(fields.service) ?? 0)
    if (!service) return rejected('Incorrect service ID')
    const link = fields.link?.trim() ?? ''
    if (!isHttpLink(link)) return rejected('Incorrect link')

    let comments: string[] | null = null
    let quantityText = fields.quantity?.trim() ?? ''
    if (service.type === 'Custom Comments') {
      comments = (fields.comments ?? '')
        .split(/\r?\n/)
        .map((comment) => comment.trim())
        .filter((comment) => comment !== '')
      if (comments.length === 0) return rejected('Comments are required for this service')
      // Real panels take the quantity of a Custom Comments order from its comments; one given must agree.
      if (quantityText === '') quantityText = String(comments.length)
      else if (Number(quantityText) !== comments.length) {
        return rejected('Quantity must equal the number of comments')
      }
    }
    if (!/^\d{1,9}$/.test(quantityText)) return rejected('Incorrect quantity')
    const quantity = Number(quantityText)
    if (quantity < service.min) return rejected(`Quantity less than minimal ${service.min}`)
    if (quantity > service.max) return rejected(`Quantity more than maximal ${service.max}`)

    const markers = linkMarkersOf(link)
    if (markers.has('fail-add')) {
      return rejected('You have active order with this link. Please wait until order being completed.')
    }
    if (markers.has('error')) return serverError
    if (balanceAt(now) < priceMicros(service.ratePer1000Micros, quantity)) {
      return rejected('Not enough funds on balance')
    }

    const outcome: SimulatorOutcome = markers.has('cancel')
      ? 'cancelled'
      : markers.has('refunded')
        ? 'refunded'
        : markers.has('partial')
          ? 'partial'
          : knobs.outcome
    const undelivered = Math.min(quantity, Math.max(1, Math.round(quantity * knobs.partialUndeliveredShare)))
    const deliverQuantity =
      outcome === 'completed' ? quantity : outcome === 'partial' ? quantity - undelivered : 0
    // The order exists before a slow answer goes out: a client that gives up waiting has still placed it.
    const order = store.insertOrder({
      service: service.service,
      link,
      quantity,
      comments,
      startCount: startCountOf(link),
      ratePer1000Micros: service.ratePer1000Micros,
      outcome,
      deliverQuantity,
      createdAt: now,
    })
    return answer({ order: order.id }, markers.has('slow'))
  }

  function status(fields: Fields, now: number): Answer {
    if (fields.orders !== undefined) {
      const ids = orderIdsOf(fields.orders)
      if (ids.length === 0) return rejected('Incorrect request')
      if (ids.length > maximumOrdersPerStatusCall) {
        return rejected(`Too many orders, at most ${maximumOrdersPerStatusCall} per request`)
      }
      const body: Record<string, unknown> = {}
      let slow = false
      for (const id of ids) {
        const order = store.findOrder(orderIdOf(id) ?? 0)
        body[id] = order ? statusBody(order, now) : { error: 'Incorrect order ID' }
        slow ||= order !== undefined && isSlow(order)
      }
      return answer(body, slow)
    }
    if (fields.order === undefined) return rejected('Incorrect request')
    const order = store.findOrder(orderIdOf(fields.order) ?? 0)
    if (!order) return rejected('Incorrect order ID')
    return answer(statusBody(order, now), isSlow(order))
  }

  function cancel(fields: Fields, now: number): Answer {
    const ids = orderIdsOf(fields.orders ?? fields.order)
    if (ids.length === 0) return rejected('Incorrect request')
    let slow = false
    const body = ids.map((id) => {
      const orderId = orderIdOf(id)
      const order = store.findOrder(orderId ?? 0)
      if (orderId === null || !order) return { order: orderId ?? id, cancel: { error: 'Incorrect order ID' } }
      slow ||= isSlow(order)
      if (!serviceById.get(order.service)?.cancel) {
        return { order: orderId, cancel: { error: 'Cancel is not available for this service' } }
      }
      const { status: current } = orderProgress(order, now, stepMs)
      if (current !== 'Pending' && current !== 'In progress') {
        return {
          order: orderId,
          cancel: { error: `The order is ${current.toLowerCase()} and cannot be canceled` },
        }
      }
      store.markOrderCancelled(orderId, now)
      return { order: orderId, cancel: 1 }
    })
    return answer(body, slow)
  }

  function refill(fields: Fields, now: number): Answer {
    const order = store.findOrder(orderIdOf(fields.order) ?? 0)
    if (!order) return rejected('Incorrect order ID')
    if (!serviceById.get(order.service)?.refill) return rejected('Refill is not available for this service')
    if (orderProgress(order, now, stepMs).status !== 'Completed') {
      return rejected('Refill is available only for completed orders')
    }
    return answer({ refill: String(store.insertRefill(order.id, now).id) }, isSlow(order))
  }

  function refillStatus(fields: Fields, now: number): Answer {
    const found = store.findRefill(orderIdOf(fields.refill) ?? 0)
    if (!found) return rejected('Incorrect refill ID')
    return answer({ status: refillProgress(found, now, stepMs) })
  }

  function handle(fields: Fields | null, now: number): Answer {
    if (fields === null) return rejected('Incorrect request')
    if (fields.key !== apiKey) return rejected('Invalid API key')
    switch (fields.action) {
      case 'services':
        return services()
      case 'add':
        return add(fields, now)
      case 'status':
        return status(fields, now)
      case 'cancel':
        return cancel(fields, now)
      case 'refill':
        return refill(fields, now)
      case 'refill_status':
        return refillStatus(fields, now)
      case 'balance':
        return answer({ balance: formatMicros(balanceAt(now)), currency: 'USD' })
      default:
        return rejected('Incorrect request')
    }
  }

  // -------------------------------------------------------------------------------------------------------
  // HTTP

  const app = new Hono()
  app.post('/', async (context) => {
    const fields = await readFields(context.req)
    const now = clock()
    const { key: _key, ...loggedFields } = fields ?? {}
    callLog.push({ at: now, action: fields?.action ?? '', fields: loggedFields })
    if (callLog.length > callLogLength) callLog = callLog.slice(-callLogLength)

    const current = knobs
    const result = random() < current.errorRate ? serverError : handle(fields, now)
    const delayMs = Math.max(current.delayMs, result.slow ? current.slowDelayMs : 0)
    if (delayMs > 0) await sleep(delayMs)
    if (result.httpStatus === 500) return context.text('Internal Server Error', 500)
    return new Response(JSON.stringify(result.body), {
      headers: { 'content-type': 'application/json; charset=utf-8' },
    })
  })

  return {
    app,
    services: simulatorServices,
    calls: () => callLog.map((call) => ({ ...call, fields: { ...call.fields } })),
    clearCalls: () => {
      callLog = []
    },
    knobs: () => ({ ...knobs }),
    setKnobs: (changes) => {
      knobs = checkedKnobs({ ...knobs, ...changes })
    },
    order: (id) => {
      const found = store.findOrder(id)
      return found && { ...found, ...orderProgress(found, clock(), stepMs) }
    },
    balanceMicros: () => balanceAt(clock()),
    close: () => store.close(),
  }
}
