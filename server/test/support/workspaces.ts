import type { WorkspaceRole } from '@engage/contract'
import { expect } from 'vitest'
import { authed, signUp, type SignedUp, type TestApp, uniqueEmail } from './app'
import { uniqueLink } from './services'

/** The answer's body as JSON, after checking its status (the body is shown when the status differs). */
export async function json<T>(response: Response, status = 200): Promise<T> {
  const text = await response.text()
  expect(response.status, text).toBe(status)
  return JSON.parse(text) as T
}

/**
 * The calls a team's tests make through the app `app()` answers (read at each call, as the app is made in
 * beforeAll): a signed-in request, the invitation mailed to an address, a member invited and accepted, an order
 * of `quantity` followers to a new link, an account's balance.
 */
export function teamCalls(app: () => TestApp) {
  function request(token: string, method: string, path: string, body?: unknown) {
    return app().app.request(path, {
      method,
      headers: authed(token),
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    })
  }

  /** The link of the newest invitation mailed to `email`. */
  async function mailedToken(email: string): Promise<string> {
    const mail = await app()
      .db.selectFrom('mail_outbox')
      .select('body')
      .where('to_address', '=', email)
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow()
    const token = /\/invitation\/([A-Za-z0-9_-]+)/.exec(mail.body)?.[1]
    if (!token) throw new Error('No invitation link in the mail')
    return token
  }

  /** A new person invited by `owner` as `role`, signed up with the invited address, who accepted. */
  async function invitedMember(owner: SignedUp, role: WorkspaceRole, monthlyLimit: number | null = null) {
    const email = uniqueEmail(role)
    await json(
      await request(owner.token, 'POST', '/api/workspace/invitations', {
        email,
        role,
        monthly_limit: monthlyLimit,
      }),
      201,
    )
    const person = await signUp(app(), email)
    await json(await request(person.token, 'POST', `/api/invitations/${await mailedToken(email)}/accept`))
    return person
  }

  function order(token: string, quantity = 100) {
    return request(token, 'POST', '/api/orders/create', {
      service_type: 'followers',
      target_url: uniqueLink(),
      quantity,
    })
  }

  async function balanceOf(userId: number) {
    const row = await app()
      .db.selectFrom('users')
      .select('balance')
      .where('id', '=', userId)
      .executeTakeFirstOrThrow()
    return row.balance
  }

  return { request, mailedToken, invitedMember, order, balanceOf }
}
