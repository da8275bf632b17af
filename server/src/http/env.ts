import type { HttpBindings } from '@hono/node-server'
import type { Mailer } from '../adapters/mail'
import type { Config } from '../config'
import type { Db } from '../db/connect'
import type { Role } from '../db/schema'
import type { Logger } from '../logger'
import type { Clock } from '../domain/clock'
import type { LiveHub } from '../live/hub'
import type { ActingWorkspace } from '../domain/workspaces/members'

/**
 * The external adapters later areas plug in (payment gateways, SMM providers, AI providers). Each area adds
 * its own member by declaration merging in its own module, so this file does not change per area:
 *
 *   declare module '../http/env' {
 *     interface AppAdapters { payments: PaymentGateways }
 *   }
 */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- filled by declaration merging (see above)
export interface AppAdapters {}

/** Everything the app is built from; createApp(deps) puts it on every request as `c.get('deps')`. */
export interface AppDeps {
  db: Db
  config: Config
  clock: Clock
  mailer: Mailer
  logger: Logger
  adapters?: Partial<AppAdapters>
  /** The live updates' reader of this process; createApp makes a polling one when none is given. */
  live?: LiveHub
}

/** The signed-in user, set by requireAuth. */
export interface AuthUser {
  id: number
  email: string
  role: Role
}

/**
 * The Hono environment of every sub-app: `new Hono<AppEnv>()`. `user` (the signed-in person: password,
 * two-factor, sessions) and `sessionId` are set only behind requireAuth; `workspace` (what owned data is scoped
 * by: `workspace.accountId` holds the wallet, orders and settings) only behind a registry entry's
 * workspaceRole guard. Bindings are the Node request and response when served by @hono/node-server; under
 * `app.request()` in tests they are absent, so read them with optional chaining.
 */
export interface AppEnv {
  Bindings: Partial<HttpBindings>
  Variables: {
    deps: AppDeps
    user: AuthUser
    sessionId: string
    workspace: ActingWorkspace
    /** The row of a route's page read with its session check (`authenticateReading`). */
    sessionRow: unknown
  }
}
