import { expect } from 'vitest'
import type * as z from 'zod'
import type { Role } from '../../src/db/schema'
import { authed, signUp, type SignedUp, type TestApp } from './app'

// The console's tests and the support tickets' set up operators the same way: an account made through the
// sign-up and given its role in the database (OPERATOR_2FA is off in tests), and JSON calls as one signed-in
// account that check the status and parse the answer, or read a refusal.

/** A failed call's status and its problem's detail (and field, when the problem names one). */
export interface Refusal {
  status: number
  detail: string
  field?: string
}

/**
 * Operators and calls on the test's app; `current` answers the app of the test that runs (a file that makes a
 * fresh one per test passes `() => t`).
 */
export function operatorHelpers(current: () => TestApp) {
  /** A new account with `role` (a customer signed up, then made support or admin). */
  async function withRole(role: Role): Promise<SignedUp> {
    const t = current()
    const account = await signUp(t)
    await t.db.updateTable('users').set({ role }).where('id', '=', account.userId).execute()
    return account
  }

  function request(token: string, method: string, path: string, body?: unknown) {
    return current().app.request(path, {
      method,
      headers: authed(token),
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    })
  }

  /** A call that answers `status` (200 unless said), its answer parsed by `schema`. */
  async function call<Schema extends z.ZodType>(
    token: string,
    method: string,
    path: string,
    schema: Schema,
    body?: unknown,
    status = 200,
  ): Promise<z.output<Schema>> {
    const response = await request(token, method, path, body)
    const answer: unknown = await response.json()
    expect(response.status, JSON.stringify(answer)).toBe(status)
    return schema.parse(answer)
  }

  /** A call expected to fail: its status and problem. */
  async function refusal(token: string, method: string, path: string, body?: unknown): Promise<Refusal> {
    const response = await request(token, method, path, body)
    const answer = (await response.json()) as { detail: string; field?: string }
    return { status: response.status, ...answer }
  }

  return { withRole, call, refusal }
}
