import { adminEndpoints, API_V2_PATH, type EndpointDefinition } from '@engage/contract'
import { endpoints } from '@engage/contract/all-endpoints'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { createSession } from '../../src/domain/sessions'
import { authed, createTestApp, fund, signUp, type TestApp, uniqueAddress } from '../support/app'
import {
  jsonSchemaOf,
  malformedBodies,
  mutateBody,
  pathValue,
  pick,
  queryString,
  type Random,
  sample,
  seededRandom,
} from './generate'

// Generated requests over every endpoint of the contract's registry, the SMM API v2 and the payment webhooks,
// signed in as the caller each endpoint expects (and sometimes not): wrong types, missing and extra fields,
// huge, unicode and control-character strings, out-of-range numbers, malformed JSON, wrong content types,
// hostile path and query values. Any 5xx fails, and so does an error whose body is not `{ detail }`
// (`{ error }` on the SMM API v2). The same file runs on SQLite and on PostgreSQL. FUZZ_REQUESTS and FUZZ_SEED
// change the count and the seed, e.g. to replay a failure or to run a longer campaign.

const REQUESTS = Number(process.env.FUZZ_REQUESTS ?? 10_000)
const SEED = Number(process.env.FUZZ_SEED ?? 20261126)

type Caller = 'customer' | 'support' | 'admin'

let t: TestApp
const tokens: Record<Caller, string> = { customer: '', support: '', admin: '' }
const userIds: Record<Caller, number> = { customer: 0, support: 0, admin: 0 }
let apiKey = ''
let apiKeyId = ''

/**
 * Undoes what the fuzz did to its own callers (a logout, a role change or a disabled account on id 1, a revoked
 * key), so later requests keep reaching handlers instead of stopping at 401.
 */
async function restoreCallers(): Promise<void> {
  const policy = { idleMs: t.config.sessionIdleMs, absoluteMs: t.config.sessionAbsoluteMs }
  for (const caller of ['customer', 'support', 'admin'] as const) {
    await t.db
      .updateTable('users')
      .set({ role: caller, disabled_at: null })
      .where('id', '=', userIds[caller])
      .execute()
    tokens[caller] = (await createSession(t.db, userIds[caller], t.clock.now(), policy)).token
  }
  await t.db.updateTable('api_keys').set({ revoked_at: null }).where('id', '=', Number(apiKeyId)).execute()
}

beforeAll(async () => {
  t = await createTestApp()
  for (const role of ['customer', 'support', 'admin'] as const) {
    const account = await signUp(t)
    if (role === 'customer') await fund(t.db, account.userId, 50)
    userIds[role] = account.userId
  }
  await restoreCallers()
  const created = await t.app.request('/api/user/api-keys', {
    method: 'POST',
    headers: authed(tokens.customer),
    body: JSON.stringify({ name: 'fuzz' }),
  })
  const key = (await created.json()) as { key: string; id: string }
  apiKey = key.key
  apiKeyId = key.id
  if (!created.ok) throw new Error(`The fuzz key could not be made: ${created.status}`)
}, 60_000)
afterAll(() => t.close())

interface Target {
  name: string
  definition: EndpointDefinition
}

const targets: Target[] = [
  ...Object.entries(endpoints).map(([name, definition]) => ({
    name,
    definition: definition as EndpointDefinition,
  })),
  ...Object.entries(adminEndpoints).map(([name, definition]) => ({
    name,
    definition: definition as EndpointDefinition,
  })),
]

interface Sent {
  label: string
  method: string
  path: string
  init: RequestInit
}

function tokenFor(definition: EndpointDefinition, random: Random): string | null {
  // Mostly the caller the endpoint is for, so requests reach its handler; sometimes none or a lesser one.
  const roll = random()
  if (roll < 0.05) return null
  if (roll < 0.1) return 'not-a-token'
  if (definition.role === 'admin') return tokens.admin
  if (definition.role === 'support') return roll < 0.2 ? tokens.support : tokens.admin
  return definition.auth ? tokens.customer : roll < 0.3 ? tokens.customer : null
}

function registryRequest(target: Target, random: Random): Sent {
  const { definition } = target
  const path = definition.path.replace(/\{[^}]+\}/g, () => (random() < 0.3 ? '1' : pathValue(random)))
  const query =
    definition.method === 'GET' || random() < 0.2 ? queryString(jsonSchemaOf(definition.query), random) : ''
  const headers: Record<string, string> = { 'X-Forwarded-For': uniqueAddress() }
  const token = tokenFor(definition, random)
  if (token) headers.Authorization = `Bearer ${token}`
  let body: string | undefined
  let label = 'no body'
  if (definition.method !== 'GET') {
    const requestSchema = jsonSchemaOf(definition.request)
    if (random() < 0.2) {
      const malformed = pick(random, malformedBodies)
      headers['Content-Type'] = malformed.contentType
      body = malformed.body
      label = `malformed ${malformed.contentType}`
    } else {
      const sampled = requestSchema ? sample(requestSchema, random) : {}
      const mutated = random() < 0.15 ? { value: sampled, label: 'as sampled' } : mutateBody(sampled, random)
      headers['Content-Type'] = 'application/json'
      body = JSON.stringify(mutated.value)
      label = mutated.label
    }
  }
  return {
    label,
    method: definition.method,
    path: `${path}${query}`,
    init: { method: definition.method, headers, body },
  }
}

const v2Actions = ['services', 'add', 'status', 'cancel', 'refill', 'refill_status', 'balance', 'explode', '']
const v2Fields = [
  'service',
  'link',
  'quantity',
  'order',
  'orders',
  'refill',
  'refills',
  'comments',
  'runs',
  'interval',
]
const v2Values = [
  '1',
  '2',
  '100',
  '1,2,3',
  'https://x.com/a',
  '',
  '-1',
  '1e9',
  'x'.repeat(10_000),
  '\u0000',
  '🙂',
  'NaN',
]

function v2Request(random: Random): Sent {
  const fields: Record<string, string> = { action: pick(random, v2Actions) }
  if (random() < 0.9) fields.key = random() < 0.8 ? apiKey : 'ep_wrong'
  for (const name of v2Fields) if (random() < 0.3) fields[name] = pick(random, v2Values)
  const asJson = random() < 0.3
  const method = random() < 0.2 ? 'GET' : 'POST'
  const query = method === 'GET' ? `?${new URLSearchParams(fields).toString()}` : ''
  const init: RequestInit =
    method === 'GET'
      ? { method }
      : {
          method,
          headers: { 'Content-Type': asJson ? 'application/json' : 'application/x-www-form-urlencoded' },
          body: asJson ? JSON.stringify(fields) : new URLSearchParams(fields).toString(),
        }
  return { label: 'v2 fields', method, path: `${API_V2_PATH}${random() < 0.2 ? '/' : ''}${query}`, init }
}

function webhookRequest(random: Random): Sent {
  const provider = pick(random, ['sandbox', 'cryptomus', 'heleket', 'nope', '%00'])
  const malformed = random() < 0.3 ? pick(random, malformedBodies) : undefined
  const body =
    malformed?.body ??
    JSON.stringify(
      mutateBody({ order_id: 'dep_1', status: 'paid', amount: '10.00', sign: 'x' }, random).value,
    )
  return {
    label: 'webhook',
    method: 'POST',
    path: `/api/payments/${provider}/webhook`,
    init: { method: 'POST', headers: { 'Content-Type': malformed?.contentType ?? 'application/json' }, body },
  }
}

function describeSent(sent: Sent, status: number, body: string): string {
  const sentBody = typeof sent.init.body === 'string' ? sent.init.body.slice(0, 200) : ''
  return `${sent.method} ${sent.path.slice(0, 200)} [${sent.label}] ${sentBody} -> ${status} ${body.slice(0, 300)}`
}

it(`answers ${REQUESTS} generated requests without a 5xx, each error in the API's shape (seed ${SEED})`, async () => {
  const random = seededRandom(SEED)
  const failures: string[] = []
  const statuses = new Map<number, number>()
  for (let index = 0; index < REQUESTS; index += 1) {
    if (index % 50 === 0) await restoreCallers()
    const roll = random()
    const sent =
      roll < 0.08
        ? v2Request(random)
        : roll < 0.12
          ? webhookRequest(random)
          : registryRequest(pick(random, targets), random)
    const response = await t.app.request(sent.path, sent.init)
    const text = await response.text()
    statuses.set(response.status, (statuses.get(response.status) ?? 0) + 1)
    const isV2 = sent.path.startsWith(API_V2_PATH)
    let problem: string | null = null
    // 502 is the designed answer when a provider or AI vendor the request names cannot be reached (every
    // outbound call fails on a test machine), and it must still carry `{ detail }`; any other 5xx is a bug.
    if (response.status >= 500 && response.status !== 502) problem = '5xx'
    else if (response.status >= 400 || isV2) {
      let parsed: unknown
      try {
        parsed = JSON.parse(text)
      } catch {
        parsed = undefined
      }
      const member = isV2 ? 'error' : 'detail'
      const object =
        typeof parsed === 'object' && parsed !== null ? (parsed as Record<string, unknown>) : null
      // On the SMM API v2 every answer is JSON, and a refusal is a top-level `{ error }` text (entries of a
      // multi-order answer carry their own).
      if (isV2 && (object === null || (member in object && typeof object[member] !== 'string'))) {
        problem = 'not a protocol answer'
      } else if (response.status >= 400 && (object === null || typeof object[member] !== 'string')) {
        problem = `error body without ${member}`
      }
    }
    if (problem && failures.length < 25)
      failures.push(`${problem}: ${describeSent(sent, response.status, text)}`)
  }
  console.info(
    `fuzz: ${REQUESTS} requests over ${targets.length} registry endpoints, the SMM API v2 and the webhooks; statuses`,
    Object.fromEntries([...statuses.entries()].sort(([left], [right]) => left - right)),
  )
  expect(failures).toEqual([])
}, 180_000)
