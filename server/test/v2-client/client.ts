// A client of the SMM panel API v2, written from the protocol as panels publish it, not from our server's
// code: every call is `POST <api url>` with a form-encoded body holding `key`, `action` and the action's
// parameters; every answer is JSON, an error being `{ "error": "..." }`. It returns the answers as they come
// (no parsing into our own types), so tests see exactly what a reseller's script would.
//
//   services                         → [{ service, name, type, category, rate, min, max, refill, cancel }]
//   add      service, link, quantity (comments: one per line, for Custom Comments services) → { order }
//   status   order                    → { charge, start_count, status, remains, currency }
//   status   orders (comma-separated) → { "<id>": { charge, ... } | { error } }
//   cancel   orders (comma-separated) → [{ order, cancel: 1 | { error } }]
//   refill   order                    → { refill }
//   refill_status refill              → { status }
//   balance                          → { balance, currency }

/** One exchange: the HTTP status, the headers and the body read as JSON. */
export interface V2Exchange {
  status: number
  headers: Headers
  body: unknown
}

/** Sends one call. `asJson` sends the same fields as a JSON object instead of a form (some clients do). */
export async function sendV2(
  apiUrl: string,
  fields: Readonly<Record<string, string>>,
  options: { asJson?: boolean } = {},
): Promise<V2Exchange> {
  const response = await fetch(apiUrl, {
    method: 'POST',
    headers: {
      'Content-Type': options.asJson ? 'application/json' : 'application/x-www-form-urlencoded',
      Accept: 'application/json',
    },
    body: options.asJson ? JSON.stringify(fields) : new URLSearchParams(fields).toString(),
  })
  const text = await response.text()
  let body: unknown
  try {
    body = JSON.parse(text)
  } catch {
    throw new Error(`The answer is not JSON (HTTP ${response.status}): ${text.slice(0, 200)}`)
  }
  return { status: response.status, headers: response.headers, body }
}

export interface AddParameters {
  service: number | string
  link: string
  quantity?: number | string
  /** Custom Comments services: one comment per unit. */
  comments?: readonly string[]
}

/** The actions of the protocol with one key; each answers the JSON body as it came. */
export function createV2Client(apiUrl: string, key: string) {
  const call = async (action: string, parameters: Record<string, string> = {}) =>
    (await sendV2(apiUrl, { key, action, ...parameters })).body

  return {
    apiUrl,
    key,
    /** Any action with any fields, answering the whole exchange (status and headers too). */
    raw: (fields: Record<string, string>, options?: { asJson?: boolean }) =>
      sendV2(apiUrl, { key, ...fields }, options),
    services: () => call('services'),
    add: (parameters: AddParameters) => {
      const fields: Record<string, string> = { service: String(parameters.service), link: parameters.link }
      if (parameters.quantity !== undefined) fields.quantity = String(parameters.quantity)
      if (parameters.comments !== undefined) fields.comments = parameters.comments.join('\n')
      return call('add', fields)
    },
    status: (order: number | string) => call('status', { order: String(order) }),
    statusMany: (orders: readonly (number | string)[]) => call('status', { orders: orders.join(',') }),
    cancel: (orders: readonly (number | string)[]) => call('cancel', { orders: orders.join(',') }),
    refill: (order: number | string) => call('refill', { order: String(order) }),
    refillStatus: (refill: number | string) => call('refill_status', { refill: String(refill) }),
    balance: () => call('balance'),
  }
}

export type V2Client = ReturnType<typeof createV2Client>
