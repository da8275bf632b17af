import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { loadPageEndpoints } from '@engage/contract'
import { createClient } from './createClient'
import { ApiError } from './errors'

// A real HTTP server on an ephemeral port: each test queues the answers it wants, in order.

interface RecordedRequest {
  method: string
  url: string
  headers: IncomingMessage['headers']
  body: string
}

type Answer = { status: number; body?: unknown; rawBody?: string; headers?: Record<string, string> } | 'drop'

let answers: Answer[] = []
let requests: RecordedRequest[] = []
let baseUrl = ''
const server = createServer((request: IncomingMessage, response: ServerResponse) => {
  const chunks: Buffer[] = []
  request.on('data', (chunk: Buffer) => chunks.push(chunk))
  request.on('end', () => {
    requests.push({
      method: request.method ?? '',
      url: request.url ?? '',
      headers: request.headers,
      body: Buffer.concat(chunks).toString('utf8'),
    })
    const answer = answers.shift() ?? { status: 599, body: { detail: 'No answer queued' } }
    if (answer === 'drop') {
      // A connection closed without an answer: fetch rejects, as it does offline.
      request.socket.destroy()
      return
    }
    const text = answer.rawBody ?? (answer.body === undefined ? '' : JSON.stringify(answer.body))
    response.writeHead(answer.status, { 'Content-Type': 'application/json', ...answer.headers })
    response.end(text)
  })
})

beforeAll(async () => {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  baseUrl = `http://127.0.0.1:${String((server.address() as AddressInfo).port)}`
})

afterAll(async () => {
  await new Promise<void>((resolve) => server.close(() => resolve()))
})

let waits: number[] = []
let token: string | null = 'token-1'

beforeEach(() => {
  answers = []
  requests = []
  waits = []
  token = 'token-1'
})

function makeClient() {
  return createClient({
    baseUrl: `${baseUrl}/`,
    getToken: () => token,
    loadPageEndpoints,
    sleep: (milliseconds) => {
      waits.push(milliseconds)
      return Promise.resolve()
    },
  })
}

async function rejection(promise: Promise<unknown>): Promise<ApiError> {
  try {
    await promise
  } catch (error) {
    if (error instanceof ApiError) return error
    throw error
  }
  throw new Error('expected the call to fail')
}

const order = {
  id: '101',
  order_id: '101',
  created_at: '2026-02-01T10:00:00.000Z',
  service_type: 'likes',
  target_url: 'https://x.com/a/status/1',
  quantity: 100,
  status: 'pending',
  charge: 0.12,
  start_count: null,
  remains: null,
}

const me = {
  username: 'ann',
  email: 'ann@example.com',
  balance: 50,
  profilePhoto: null,
  totalOrders: 1,
  totalOrdersPanel: 30000,
  settings: { phone: '', timezone: 'UTC' },
  aiSettings: [
    {
      id: 'Default',
      name: 'Default AI',
      model: 'deepseek-chat',
      provider: 'deepseek',
      temperature: 0.7,
      maxTokens: 100,
      topP: 1,
      frequencyPenalty: 0,
      presencePenalty: 0,
      lastUsed: '2026-02-01T10:00:00.000Z',
      systemPrompt: '',
      userPrompt: '',
      apiKey: '',
    },
  ],
  transactions: [],
  orders: [order],
  updates: [],
  contactMethods: [],
}

describe('authenticated calls', () => {
  it('send the stored token as a bearer header and return the parsed answer', async () => {
    answers.push({ status: 200, body: me })
    const answer = await makeClient().getMe()
    expect(answer.username).toBe('ann')
    expect(requests).toHaveLength(1)
    expect(requests[0]?.url).toBe('/api/user/me')
    expect(requests[0]?.headers.authorization).toBe('Bearer token-1')
  })

  it.each([
    ['getMe', 'No auth token found'],
    ['listOrders', 'Authentication token not found'],
    ['createOrder', 'Authentication error. Please log in again.'],
    ['saveAiSettings', 'Authentication required'],
    ['listTransactions', 'No auth token'],
    ['createMassOrder', 'No token found'],
  ] as const)('refuse to send %s without a token, with the message %j', async (name, message) => {
    token = null
    const client = makeClient()
    const calls = {
      getMe: () => client.getMe(),
      listOrders: () => client.listOrders(),
      createOrder: () =>
        client.createOrder({ service_type: 'likes', target_url: 'https://a.b', quantity: 1 }),
      saveAiSettings: () => client.saveAiSettings([]),
      listTransactions: () => client.listTransactions(),
      createMassOrder: () => client.createMassOrder({ items: [] }),
    }
    const error = await rejection(calls[name]())
    expect(error.kind).toBe('missing-token')
    expect(error.message).toBe(message)
    expect(requests).toHaveLength(0)
  })

  it('retry a network failure twice, after 100 ms then 200 ms', async () => {
    answers.push('drop', 'drop', { status: 200, body: me })
    const answer = await makeClient().getMe()
    expect(answer.email).toBe('ann@example.com')
    expect(requests).toHaveLength(3)
    expect(waits).toEqual([100, 200])
  })

  it('give up after three network failures with the call’s fallback message', async () => {
    answers.push('drop', 'drop', 'drop', { status: 200, body: order })
    const error = await rejection(
      makeClient().createOrder({ service_type: 'likes', target_url: 'https://a.b', quantity: 1 }),
    )
    expect(error.kind).toBe('network')
    expect(error.status).toBeNull()
    expect(error.message).toBe('Failed to place order')
    expect(requests).toHaveLength(3)
  })

  it('send the same idempotency key on every try of one write', async () => {
    answers.push('drop', { status: 200, body: order })
    await makeClient().createOrder({ service_type: 'likes', target_url: 'https://a.b', quantity: 1 })
    const keys = requests.map((request) => request.headers['idempotency-key'])
    expect(keys[0]).toMatch(/^[0-9a-f-]{36}$/)
    expect(keys[1]).toBe(keys[0])
  })

  it.each([401, 403])('retry a first %i once after 100 ms', async (status) => {
    answers.push({ status, body: { detail: 'Invalid token' } }, { status: 200, body: me })
    await expect(makeClient().getMe()).resolves.toMatchObject({ username: 'ann' })
    expect(requests).toHaveLength(2)
    expect(waits).toEqual([100])
  })

  it('report a second 401 with the server’s detail and status', async () => {
    answers.push(
      { status: 401, body: { detail: 'Invalid token' } },
      { status: 401, body: { detail: 'Still invalid' } },
    )
    const error = await rejection(makeClient().getMe())
    expect(error).toMatchObject({
      kind: 'http',
      status: 401,
      detail: 'Still invalid',
      message: 'Still invalid',
    })
    expect(requests).toHaveLength(2)
  })

  it('do not retry other error answers, and carry the server’s detail', async () => {
    answers.push({ status: 402, body: { detail: 'Insufficient balance' } })
    const error = await rejection(
      makeClient().createOrder({ service_type: 'likes', target_url: 'https://a.b', quantity: 1 }),
    )
    expect(error).toMatchObject({ kind: 'http', status: 402, message: 'Insufficient balance' })
    expect(requests).toHaveLength(1)
  })

  it('fall back to the call’s message, or to the status, when the error has no detail', async () => {
    answers.push({ status: 502, rawBody: '<html>Bad gateway</html>' }, { status: 502, rawBody: '' })
    const client = makeClient()
    expect((await rejection(client.listOrders())).message).toBe('Failed to fetch orders')
    expect((await rejection(client.listSubscriptions())).message).toBe('Request failed with status 502')
  })

  it('name the invalid field of a 422 and give its message alone', async () => {
    answers.push({ status: 422, body: { detail: 'target_url: Valid URL required', field: 'target_url' } })
    const error = await rejection(
      makeClient().createOrder({ service_type: 'likes', target_url: 'bad', quantity: 1 }),
    )
    expect(error).toMatchObject({
      status: 422,
      detail: 'target_url: Valid URL required',
      field: 'target_url',
      fieldMessage: 'Valid URL required',
    })
  })

  it('read the first message of a validation-error list', async () => {
    answers.push({
      status: 422,
      body: { detail: [{ type: 'x', loc: ['body'], msg: 'Valid URL required', input: '' }] },
    })
    const error = await rejection(
      makeClient().createOrder({ service_type: 'likes', target_url: 'bad', quantity: 1 }),
    )
    expect(error.message).toBe('Valid URL required')
  })
})

describe('answers', () => {
  it('page orders through the X-Next-Cursor header', async () => {
    answers.push(
      { status: 200, body: [order], headers: { 'X-Next-Cursor': 'older-1' } },
      { status: 200, body: [{ ...order, id: '100', order_id: '100' }] },
    )
    const client = makeClient()
    const firstPage = await client.listOrders({ limit: 1 })
    expect(firstPage).toMatchObject({ nextCursor: 'older-1', items: [{ id: '101' }] })
    const secondPage = await client.listOrders({ limit: 1, cursor: firstPage.nextCursor ?? undefined })
    expect(secondPage.nextCursor).toBeNull()
    expect(requests.map((request) => request.url)).toEqual([
      '/api/orders/get?limit=1',
      '/api/orders/get?cursor=older-1&limit=1',
    ])
  })

  it('page transactions through nextCursor', async () => {
    answers.push({ status: 200, body: { transactions: [], nextCursor: null } })
    await expect(makeClient().listTransactions({ cursor: 'c1' })).resolves.toEqual({
      items: [],
      nextCursor: null,
    })
    expect(requests[0]?.url).toBe('/api/wallet/transactions?cursor=c1')
  })

  it("refuse a payment answer without payment_url with 'Invalid payment response'", async () => {
    answers.push({ status: 200, body: { order_id: 'p1' } })
    const error = await rejection(makeClient().createPayment('sandbox', { amount: 10, currency: 'USD' }))
    expect(error).toMatchObject({ kind: 'invalid-response', message: 'Invalid payment response' })
    expect(requests[0]?.url).toBe('/api/payments/sandbox/create')
    expect(JSON.parse(requests[0]?.body ?? '')).toEqual({ amount: 10, currency: 'USD' })
  })

  it('retry a 404 delete with the id that matches case-insensitively', async () => {
    answers.push({ status: 404, body: { detail: 'AI setting not found' } }, { status: 200, body: [] })
    await expect(
      makeClient().deleteAiSetting('default', { knownIds: ['Default', 'other'] }),
    ).resolves.toEqual([])
    expect(requests.map((request) => `${request.method} ${request.url}`)).toEqual([
      'DELETE /api/user/ai-settings/default',
      'DELETE /api/user/ai-settings/Default',
    ])
  })

  it('look the ids up from the current user when none are given', async () => {
    answers.push(
      { status: 404, body: { detail: 'AI setting not found' } },
      { status: 200, body: me },
      { status: 200, body: [] },
    )
    await makeClient().deleteAiSetting('DEFAULT')
    expect(requests.map((request) => request.url)).toEqual([
      '/api/user/ai-settings/DEFAULT',
      '/api/user/me',
      '/api/user/ai-settings/Default',
    ])
  })

  it('report the 404 when no setting matches', async () => {
    answers.push({ status: 404, body: { detail: 'AI setting not found' } })
    const error = await rejection(makeClient().deleteAiSetting('gone', { knownIds: ['other'] }))
    expect(error).toMatchObject({ status: 404, message: 'AI setting not found' })
  })
})

describe('auth calls', () => {
  const credentials = { email: 'ann@example.com', password: 'correct horse' }

  it('sign in without a bearer header and answer token and sessionId', async () => {
    token = null
    answers.push({ status: 200, body: { token: 't', sessionId: 's' } })
    await expect(makeClient().signin(credentials)).resolves.toEqual({ token: 't', sessionId: 's' })
    expect(requests[0]?.headers.authorization).toBeUndefined()
  })

  it('try up to 3 times with waits of 1 s then 2 s when the server fails', async () => {
    answers.push({ status: 503 }, 'drop', { status: 200, body: { token: 't', sessionId: 's' } })
    await expect(makeClient().signup(credentials)).resolves.toMatchObject({ token: 't' })
    expect(requests).toHaveLength(3)
    expect(waits).toEqual([1000, 2000])
  })

  it("show '{Mode} failed: {message}' after the last try", async () => {
    answers.push({ status: 503 }, { status: 503 }, { status: 503, body: { detail: 'Maintenance' } })
    const error = await rejection(makeClient().signin(credentials))
    expect(error.message).toBe('Login failed: Maintenance')
    expect(error.detail).toBe('Maintenance')
    expect(requests).toHaveLength(3)
  })

  it('use the status text when the server gives no error', async () => {
    answers.push({ status: 500 }, { status: 500 }, { status: 500 })
    const error = await rejection(makeClient().forgotPassword({ email: 'ann@example.com' }))
    expect(error.message).toBe('Forgot Password failed: Request failed with status 500')
  })

  it('stop at once on a refusal such as a wrong password', async () => {
    answers.push({ status: 401, body: { detail: 'Invalid email or password' } })
    const error = await rejection(makeClient().signin(credentials))
    expect(error).toMatchObject({ status: 401, message: 'Login failed: Invalid email or password' })
    expect(requests).toHaveLength(1)
    expect(waits).toEqual([])
  })

  it('show an error carried by a successful answer as it is', async () => {
    answers.push({ status: 200, body: { token: '', sessionId: '', error: 'Account locked' } })
    const error = await rejection(makeClient().signin(credentials))
    expect(error.message).toBe('Login failed: Account locked')
  })

  it('report a network failure after three tries', async () => {
    answers.push('drop', 'drop', 'drop')
    const error = await rejection(
      makeClient().resetPassword({ token: 'r', password: 'abcdefgh', confirmPassword: 'abcdefgh' }),
    )
    expect(error).toMatchObject({
      kind: 'network',
      message: 'Reset Password failed: An error occurred. Please try again.',
    })
  })
})

describe('the public calls of the sign-in page and the widget', () => {
  it('asks which sign-in providers the server offers, without a token', async () => {
    token = null
    answers.push({ status: 200, body: { google: true } })
    await expect(makeClient().authProviders()).resolves.toEqual({ google: true })
    expect(requests[0]).toMatchObject({ method: 'GET', url: '/api/auth/providers' })
    expect(requests[0]?.headers.authorization).toBeUndefined()
  })

  it('reads the public price list with its limits', async () => {
    const listing = {
      id: '1',
      name: 'likes',
      displayName: 'LIKES',
      rate: 0.002,
      ratePer1k: 2,
      minQuantity: 10,
      maxQuantity: 10_000,
      isAi: false,
    }
    answers.push({ status: 200, body: [listing] })
    await expect(makeClient().listServices()).resolves.toEqual([listing])
    expect(requests[0]).toMatchObject({ method: 'GET', url: '/api/services' })
  })

  it('refuses a price list that does not match the contract', async () => {
    answers.push({ status: 200, body: [{ name: 'likes' }] })
    await expect(makeClient().listServices()).rejects.toBeInstanceOf(ApiError)
  })

  it("makes the first page's calls without the later pages' declarations, and refuses the others unsent", async () => {
    const client = createClient({ baseUrl, getToken: () => token })
    answers.push({ status: 200, body: { google: false } })
    await expect(client.authProviders()).resolves.toEqual({ google: false })
    await expect(client.send('listNotifications')).rejects.toThrow(/first page's calls only/)
    expect(requests).toHaveLength(1)
  })
})
