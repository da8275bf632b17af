import { type Context } from 'hono'
import { type Actor } from '../../domain/admin/common'
import type { AppEnv } from '../../http/env'

// What every console handler reads from its request: who acts, and when.

export function actorOf(c: Context<AppEnv>): Actor {
  return { id: c.var.user.id, email: c.var.user.email, role: c.var.user.role }
}

export function now(c: Context<AppEnv>): number {
  return c.var.deps.clock.now()
}
