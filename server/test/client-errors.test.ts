import { CLIENT_ERRORS_PATH, TOO_MANY_ATTEMPTS } from '@engage/contract'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import type { Logger } from '../src/logger'
import { CLIENT_ERROR_LIMITS } from '../src/routes/client-errors'
import { createTestApp, type TestApp, uniqueAddress } from './support/app'

let t: TestApp
let errors: { message: string; fields?: Record<string, unknown> }[]

beforeEach(async () => {
  errors = []
  const logger: Logger = {
    info: () => {},
    warn: () => {},
    error: (message, fields) => errors.push({ message, fields }),
  }
  t = await createTestApp({ logger })
})
afterEach(() => t.close())

const report = {
  message: "TypeError: Cannot read properties of undefined (reading 'startsWith')",
  stack: 'TypeError: ...\n    at update (shared.js:1:2)',
  componentStack: '\n    at OrdersTable\n    at Dashboard',
  path: '/dashboard',
}

function send(body: unknown, address = '10.9.9.9') {
  return t.app.request(CLIENT_ERRORS_PATH, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'X-Forwarded-For': address },
    body: JSON.stringify(body),
  })
}

describe('POST /api/client-errors', () => {
  it('writes the report to the server log and answers 204 without a body', async () => {
    const response = await send(report)
    expect(response.status).toBe(204)
    expect(await response.text()).toBe('')
    expect(errors).toEqual([{ message: 'Client render error', fields: { ...report, address: '10.9.9.9' } }])
  })

  it.each([
    ['no message', { path: '/dashboard' }],
    ['an empty message', { message: '', path: '/dashboard' }],
    ['no path', { message: 'Boom' }],
    ['a field it does not know', { ...report, token: 'secret' }],
    ['a stack too long', { ...report, stack: 'x'.repeat(8_001) }],
    ['not an object', ['Boom']],
  ])('refuses %s with 422 { detail } and logs nothing', async (_name, body) => {
    const response = await send(body)
    expect(response.status).toBe(422)
    expect(await response.json()).toMatchObject({ detail: expect.any(String) })
    expect(errors).toEqual([])
  })

  it('refuses a body that is not JSON with a 4xx { detail }', async () => {
    const response = await t.app.request(CLIENT_ERRORS_PATH, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: '{not json',
    })
    expect(response.status).toBeGreaterThanOrEqual(400)
    expect(response.status).toBeLessThan(500)
    expect(await response.json()).toMatchObject({ detail: expect.any(String) })
  })

  it('answers 429 once an address has sent its reports for the minute, and again after the minute', async () => {
    for (let sent = 0; sent < CLIENT_ERROR_LIMITS.perAddress; sent += 1) {
      expect((await send(report)).status).toBe(204)
    }
    const refused = await send(report)
    expect(refused.status).toBe(429)
    expect(refused.headers.get('Retry-After')).toBe('60')
    expect(await refused.json()).toEqual({ detail: TOO_MANY_ATTEMPTS })
    expect(errors).toHaveLength(CLIENT_ERROR_LIMITS.perAddress)
    // Another address is still heard.
    expect((await send(report, '10.8.8.8')).status).toBe(204)
    t.clock.advance(CLIENT_ERROR_LIMITS.windowMs)
    expect((await send(report)).status).toBe(204)
  })

  it('caps the reports from all addresses together', async () => {
    for (let sent = 0; sent < CLIENT_ERROR_LIMITS.total; sent += 1) {
      expect((await send(report, uniqueAddress())).status).toBe(204)
    }
    expect((await send(report, uniqueAddress())).status).toBe(429)
  })
})
