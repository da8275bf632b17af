import { createHash } from 'node:crypto'
import { ListApiKeysResponse } from '@engage/contract'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { uniqueLink } from './support/services'
import { createV2Client, sendV2 } from './v2-client/client'
import { type Customer, type RunningPanel, startRunningPanel } from './v2-client/running-panel'

// POST /api/v2 against the running panel: who may call it (the key, revoked keys, disabled accounts), how often
// (the per-key rate limit), and how a request may come (form-encoded or JSON; a bad action or body).

let p: RunningPanel
beforeAll(async () => {
  p = await startRunningPanel()
})
afterAll(async () => {
  await p.close()
})

async function listedKey(customer: Customer) {
  const response = await p.panel(customer, 'GET', '/api/user/api-keys')
  expect(response.status).toBe(200)
  const keys = ListApiKeysResponse.parse(await response.json())
  const key = keys.find((item) => item.id === customer.keyId)
  if (!key) throw new Error('The key is not listed')
  return key
}

describe('the key', () => {
  it.each([
    ['no key', {}],
    ['an empty key', { key: '' }],
    ['a key of ours that does not exist', { key: `ep_${'A'.repeat(43)}` }],
    ['something else entirely', { key: 'not-a-key' }],
  ])('refuses %s with Invalid API key', async (_case, fields) => {
    const exchange = await sendV2(p.apiUrl, { action: 'balance', ...fields })
    expect(exchange.status).toBe(200)
    expect(exchange.body).toEqual({ error: 'Invalid API key' })
  })

  it('stops working as soon as it is revoked', async () => {
    const customer = await p.customer(5)
    expect(await customer.api.balance()).toEqual({ balance: '5.00', currency: 'USD' })
    const revoked = await p.panel(customer, 'DELETE', `/api/user/api-keys/${customer.keyId}`)
    expect(revoked.status).toBe(200)
    expect(await customer.api.balance()).toEqual({ error: 'Invalid API key' })
    expect(await customer.api.add({ service: p.services.likes, link: uniqueLink(), quantity: 100 })).toEqual({
      error: 'Invalid API key',
    })
  })

  it('stops working when the account is disabled', async () => {
    const customer = await p.customer()
    await p.h.t.db
      .updateTable('users')
      .set({ disabled_at: p.h.t.clock.now() })
      .where('id', '=', customer.user.userId)
      .execute()
    expect(await customer.api.balance()).toEqual({ error: 'Invalid API key' })
  })

  it('acts for its own customer only: two keys, two wallets', async () => {
    const first = await p.customer(1)
    const second = await p.customer(2)
    expect(await first.api.balance()).toEqual({ balance: '1.00', currency: 'USD' })
    expect(await second.api.balance()).toEqual({ balance: '2.00', currency: 'USD' })
  })

  it('is found by its hash: the table holds no key', async () => {
    const customer = await p.customer()
    const rows = await p.h.t.db.selectFrom('api_keys').selectAll().execute()
    const everything = JSON.stringify(rows)
    expect(everything).not.toContain(customer.key)
    expect(everything).not.toContain(customer.key.slice(10))
    const row = rows.find((item) => String(item.id) === customer.keyId)
    expect(row?.key_hash).toBe(createHash('sha256').update(customer.key).digest('hex'))
  })

  it('shows when it was last used, written at most once a minute', async () => {
    const customer = await p.customer()
    expect((await listedKey(customer)).last_used_at).toBeNull()
    const firstUse = p.h.t.clock.now()
    await customer.api.balance()
    expect((await listedKey(customer)).last_used_at).toBe(new Date(firstUse).toISOString())
    p.h.t.clock.advance(30_000)
    await customer.api.balance()
    expect((await listedKey(customer)).last_used_at).toBe(new Date(firstUse).toISOString())
    p.h.t.clock.advance(30_000)
    await customer.api.balance()
    expect((await listedKey(customer)).last_used_at).toBe(new Date(p.h.t.clock.now()).toISOString())
  })
})

describe('the rate limit', () => {
  it('answers Too many requests at HTTP 200 with Retry-After past 60 requests a minute of one key, and not for others', async () => {
    const busy = await p.customer()
    const quiet = await p.customer()
    for (let request = 0; request < 60; request += 1) {
      const exchange = await busy.api.raw({ action: 'balance' })
      expect(exchange.body, `request ${request + 1}`).toMatchObject({ currency: 'USD' })
    }
    // Published clients treat any status but 200 as a broken transport: the refusal is read from the body.
    const refused = await busy.api.raw({ action: 'balance' })
    expect(refused.status).toBe(200)
    expect(refused.body).toEqual({ error: 'Too many requests' })
    expect(Number(refused.headers.get('Retry-After'))).toBeGreaterThanOrEqual(1)
    // Refused requests do not place orders either.
    const add = await busy.api.raw({ action: 'add', service: String(p.services.likes), link: uniqueLink() })
    expect(add.body).toEqual({ error: 'Too many requests' })

    expect((await quiet.api.raw({ action: 'balance' })).body).toMatchObject({ currency: 'USD' })
    // The bucket refills at 60 a minute: one more request a second later.
    p.h.t.clock.advance(Number(refused.headers.get('Retry-After')) * 1000)
    expect((await busy.api.raw({ action: 'balance' })).body).toMatchObject({ currency: 'USD' })
    expect((await busy.api.raw({ action: 'balance' })).body).toEqual({ error: 'Too many requests' })
    p.h.t.clock.advance(60_000)
    expect((await busy.api.raw({ action: 'balance' })).body).toMatchObject({ currency: 'USD' })
  })

  it('makes an address that keeps sending wrong keys wait, while other addresses go on', async () => {
    p.h.t.clock.advance(120_000)
    const customer = await p.customer()
    const guesses: unknown[] = []
    for (let guess = 0; guess < 25; guess += 1) {
      guesses.push(
        (await sendV2(p.apiUrl, { key: `ep_${String(guess).padStart(43, 'x')}`, action: 'balance' })).body,
      )
    }
    expect(guesses.slice(0, 20)).toEqual(Array(20).fill({ error: 'Invalid API key' }))
    expect(guesses.slice(20)).toEqual(Array(5).fill({ error: 'Too many requests' }))
    // From the same address, even a right key waits: the guessing is not given an oracle.
    const waiting = await customer.api.raw({ action: 'balance' })
    expect(waiting.body).toEqual({ error: 'Too many requests' })
    expect(Number(waiting.headers.get('Retry-After'))).toBeGreaterThanOrEqual(1)
    p.h.t.clock.advance(60_000)
    expect((await customer.api.raw({ action: 'balance' })).body).toMatchObject({ currency: 'USD' })
  })
})

describe('the request', () => {
  it('takes the same fields as JSON, numbers and a list of comments included', async () => {
    const customer = await p.customer(5)
    const response = await fetch(p.apiUrl, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({
        key: customer.key,
        action: 'add',
        service: p.services.aiComments,
        link: uniqueLink(),
        comments: ['One', 'Two'],
      }),
    })
    expect(response.status).toBe(200)
    const answer = (await response.json()) as { order: number }
    expect(answer.order).toEqual(expect.any(Number))
    expect(await customer.api.status(answer.order)).toMatchObject({ status: 'Pending', remains: '2' })
    const asJson = await customer.api.raw({ action: 'balance' }, { asJson: true })
    expect(asJson.body).toEqual({ balance: '4.91', currency: 'USD' })
  })

  it('answers Action not found for an action it does not know, and Incorrect request without one', async () => {
    const customer = await p.customer()
    expect((await customer.api.raw({ action: 'explode' })).body).toEqual({ error: 'Action not found' })
    expect((await customer.api.raw({ action: 'Balance' })).body).toEqual({ error: 'Action not found' })
    expect((await customer.api.raw({})).body).toEqual({ error: 'Incorrect request' })
    expect((await customer.api.raw({ action: '  ' })).body).toEqual({ error: 'Incorrect request' })
  })

  it('answers an unreadable body as an incorrect request, never as a server error', async () => {
    for (const [contentType, body] of [
      ['application/json', '{"key": "ep_'],
      ['application/json', '["key", "action"]'],
      ['application/json', 'null'],
      ['application/x-www-form-urlencoded', '%%%'],
      ['text/plain', 'key=x&action=balance'],
    ] as const) {
      const response = await fetch(p.apiUrl, {
        method: 'POST',
        headers: { 'Content-Type': contentType },
        body,
      })
      expect(response.status, `${contentType} ${body}`).toBe(200)
      expect(await response.json()).toMatchObject({ error: expect.any(String) })
    }
  })

  it('takes the fields from the query string by GET or POST, with or without a trailing slash', async () => {
    const customer = await p.customer(3)
    for (const [method, url] of [
      ['GET', `${p.apiUrl}?key=${customer.key}&action=balance`],
      ['GET', `${p.apiUrl}/?key=${customer.key}&action=balance`],
      ['POST', `${p.apiUrl}?key=${customer.key}&action=balance`],
      ['POST', `${p.apiUrl}/?key=${customer.key}&action=balance`],
    ] as const) {
      const response = await fetch(url, { method })
      expect(response.status, `${method} ${url}`).toBe(200)
      expect(await response.json(), `${method} ${url}`).toEqual({ balance: '3.00', currency: 'USD' })
    }
    // A field in both is read from the body.
    const response = await fetch(`${p.apiUrl}/?key=${customer.key}&action=services`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ action: 'balance' }).toString(),
    })
    expect(await response.json()).toEqual({ balance: '3.00', currency: 'USD' })
  })

  it('takes zero or blank drip-feed fields as a whole order', async () => {
    const customer = await p.customer(5)
    // Zero or blank asks for nothing, as clients that always send the fields do.
    const plain = await customer.api.raw({
      action: 'add',
      service: String(p.services.likes),
      link: uniqueLink(),
      quantity: '100',
      runs: '0',
      interval: '',
    })
    expect(plain.body).toEqual({ order: expect.any(Number) })
  })

  it('refuses control characters in any field with an error naming it', async () => {
    const customer = await p.customer(5)
    const answer = await customer.api.raw({ action: 'status', order: '1\u0000' })
    expect(answer.status).toBe(200)
    expect(answer.body).toEqual({ error: 'order: Must not contain control characters' })
    const inQuery = await fetch(`${p.apiUrl}?key=${customer.key}&action=balance&link=%00`)
    expect(await inQuery.json()).toEqual({ error: 'link: Must not contain control characters' })
  })

  it('answers in the shapes of the simulated provider, the model of how panels answer', async () => {
    // The same protocol client talks to the simulator (served over HTTP by the harness) and to our panel; each
    // answer must carry the same fields with the same JSON types.
    const shape = (value: unknown): unknown =>
      Array.isArray(value)
        ? value.slice(0, 1).map(shape)
        : typeof value === 'object' && value !== null
          ? Object.fromEntries(Object.entries(value).map(([name, item]) => [name, shape(item)]))
          : typeof value
    const upstream = createV2Client(p.h.apiUrl, 'fulfilment-test-key')
    const ours = (await p.customer()).api
    expect(shape(await ours.services())).toEqual(shape(await upstream.services()))
    expect(shape(await ours.balance())).toEqual(shape(await upstream.balance()))
    const link = uniqueLink()
    const ourOrder = (await ours.add({ service: p.services.likes, link, quantity: 100 })) as { order: number }
    const theirOrder = (await upstream.add({ service: 2, link, quantity: 100 })) as { order: number }
    expect(shape(ourOrder)).toEqual(shape(theirOrder))
    expect(shape(await ours.status(ourOrder.order))).toEqual(shape(await upstream.status(theirOrder.order)))
    expect(shape(await ours.statusMany([ourOrder.order, 999999]))).toEqual({
      [ourOrder.order]: shape(await upstream.status(theirOrder.order)),
      999999: shape(await upstream.status(999999)),
    })
    expect(shape(await ours.cancel([ourOrder.order]))).toEqual(
      shape(await upstream.cancel([theirOrder.order])),
    )
  })
})
