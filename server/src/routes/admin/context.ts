import { type Context } from 'hono'
import { type Actor } from '../../domain/admin/common'
import type { AppEnv } from '../../http/env'

// What every console handler reads from its request: who acts, and when.

export function actorOf(c: Context<AppEnv>): Actor {
  return { id: c.get('user').id, email: c.get('user').email, role: c.get('user').role }
}

export function now(c: Context<AppEnv>): number {
  return c.get('deps').clock.now()
}
