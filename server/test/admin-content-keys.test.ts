import { AdminContactMethod, AdminUpdateResponse } from '@engage/contract'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { authed, createTestApp, signUp, type SignedUp, type TestApp } from './support/app'

// The console's create dialogs send one Idempotency-Key per opened dialog: a second press of Save (or a retry
// after a lost answer) must get the entry the first press made, never a duplicate.

let t: TestApp
let support: SignedUp

beforeAll(async () => {
  t = await createTestApp()
  support = await signUp(t)
  await t.db.updateTable('users').set({ role: 'support' }).where('id', '=', support.userId).execute()
})
afterAll(() => t.close())

function create(path: string, body: unknown, key: string) {
  return t.app.request(path, {
    method: 'POST',
    headers: { ...authed(support.token), 'Idempotency-Key': key },
    body: JSON.stringify(body),
  })
}

async function auditCount(action: string): Promise<number> {
  const rows = await t.db.selectFrom('audit_log').select('id').where('action', '=', action).execute()
  return rows.length
}

describe('a create dialog saved twice', () => {
  it.each([
    {
      kind: 'update',
      path: '/api/admin/updates',
      table: 'updates' as const,
      body: { icon: 'bell', title: `Pressed twice ${Date.now()}`, text: '', url: null },
      schema: AdminUpdateResponse,
    },
    {
      kind: 'contact_method',
      path: '/api/admin/contact-methods',
      table: 'contact_methods' as const,
      body: {
        icon: 'mail',
        title: `Pressed twice ${Date.now()}`,
        value: 'help@example.test',
        text: '',
        url: null,
        sort_order: 3,
      },
      schema: AdminContactMethod,
    },
  ])('creates one $kind and answers the repeat with it', async ({ kind, path, table, body, schema }) => {
    const auditsBefore = await auditCount(`${kind}.create`)
    const key = `dialog-${kind}-${Date.now()}`
    const first = await create(path, body, key)
    expect(first.status).toBe(201)
    const second = await create(path, body, key)
    expect(second.status).toBe(201)
    expect(second.headers.get('Idempotent-Replayed')).toBe('true')
    expect(schema.parse(await second.json())).toEqual(schema.parse(await first.json()))

    const rows = await t.db.selectFrom(table).select('id').where('title', '=', body.title).execute()
    expect(rows).toHaveLength(1)
    expect(await auditCount(`${kind}.create`)).toBe(auditsBefore + 1)

    // Another dialog (another key) with the same fields is another entry: the operator meant a second one.
    expect((await create(path, body, `${key}-next`)).status).toBe(201)
    const again = await t.db.selectFrom(table).select('id').where('title', '=', body.title).execute()
    expect(again).toHaveLength(2)
  })
})
