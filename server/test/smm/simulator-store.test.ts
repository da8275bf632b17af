import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, expect, it } from 'vitest'
import { createSimulator, createSqliteSimulatorStore } from '../../src/simulator'

const directory = mkdtempSync(join(tmpdir(), 'simulator-store-'))
afterAll(() => rmSync(directory, { recursive: true, force: true }))

function form(fields: Record<string, string>): RequestInit {
  return { method: 'POST', body: new URLSearchParams(fields) }
}

it('keeps orders, cancellations and refills in a SQLite file across a restart', async () => {
  const path = join(directory, 'simulator.sqlite')
  let now = Date.UTC(2026, 3, 1)
  const stepMs = 1000
  const before = createSimulator({
    apiKey: 'k',
    stepMs,
    clock: () => now,
    store: createSqliteSimulatorStore(path),
  })
  const addForm = { key: 'k', action: 'add', service: '1', quantity: '100' }
  const first = (await (
    await before.app.request('/', form({ ...addForm, link: 'https://x.com/1' }))
  ).json()) as {
    order: number
  }
  const second = (await (
    await before.app.request('/', form({ ...addForm, link: 'https://x.com/2' }))
  ).json()) as {
    order: number
  }
  now += 2 * stepMs
  await before.app.request('/', form({ key: 'k', action: 'cancel', orders: String(second.order) }))
  before.close()

  now += 10 * stepMs
  const after = createSimulator({
    apiKey: 'k',
    stepMs,
    clock: () => now,
    store: createSqliteSimulatorStore(path),
  })
  const statuses = await after.app.request(
    '/',
    form({ key: 'k', action: 'status', orders: `${first.order},${second.order}` }),
  )
  expect(await statuses.json()).toEqual({
    [first.order]: expect.objectContaining({ status: 'Completed', remains: '0' }),
    [second.order]: expect.objectContaining({ status: 'Canceled', remains: '50' }),
  })
  const third = (await (
    await after.app.request('/', form({ ...addForm, link: 'https://x.com/3' }))
  ).json()) as {
    order: number
  }
  expect(third.order).toBeGreaterThan(second.order)
  const refill = (await (
    await after.app.request('/', form({ key: 'k', action: 'refill', order: String(first.order) }))
  ).json()) as {
    refill: string
  }
  after.close()

  const reopened = createSqliteSimulatorStore(path)
  expect(reopened.findRefill(Number(refill.refill))).toMatchObject({ orderId: first.order })
  expect(reopened.listOrders().map((order) => order.link)).toEqual([
    'https://x.com/1',
    'https://x.com/2',
    'https://x.com/3',
  ])
  reopened.close()
})
