import { USER_NOT_FOUND } from '@engage/contract'
import type { Hono } from 'hono'
import { parseRowId } from '../../domain/admin/common'
import {
  adjustBalance,
  searchUsers,
  setUserDisabled,
  setUserRole,
  userDetail,
  userLedger,
} from '../../domain/admin/users'
import { registerRoute } from '../../http/register-route'
import type { AppEnv } from '../../http/env'
import { actorOf, now } from './context'

// The console's accounts: search, detail, ledger, balance adjustments, roles, disabling.

export function registerUsersRoutes(app: Hono<AppEnv>): void {
  registerRoute(app, 'adminListUsers', async (c, { query }) => {
    return c.json(await searchUsers(c.get('deps').db, query))
  })

  registerRoute(app, 'adminGetUser', async (c, { params }) => {
    const id = parseRowId(params.id, USER_NOT_FOUND)
    return c.json(await userDetail(c.get('deps').db, id, now(c)))
  })

  registerRoute(app, 'adminUserLedger', async (c, { params, query }) => {
    const id = parseRowId(params.id, USER_NOT_FOUND)
    return c.json(await userLedger(c.get('deps').db, id, query))
  })

  registerRoute(app, 'adminAdjustBalance', async (c, { params, body }) => {
    const id = parseRowId(params.id, USER_NOT_FOUND)
    return c.json(
      await adjustBalance(
        c.get('deps').db,
        actorOf(c),
        id,
        { amountUsd: body.amount, reason: body.reason, idempotencyKey: body.idempotency_key },
        now(c),
      ),
    )
  })

  registerRoute(app, 'adminSetUserRole', async (c, { params, body }) => {
    const id = parseRowId(params.id, USER_NOT_FOUND)
    return c.json({ user: await setUserRole(c.get('deps').db, actorOf(c), id, body, now(c)) })
  })

  registerRoute(app, 'adminDisableUser', async (c, { params, body }) => {
    const id = parseRowId(params.id, USER_NOT_FOUND)
    const { reason } = body
    return c.json({
      user: await setUserDisabled(c.get('deps').db, actorOf(c), id, { disabled: true, reason }, now(c)),
    })
  })

  registerRoute(app, 'adminEnableUser', async (c, { params, body }) => {
    const id = parseRowId(params.id, USER_NOT_FOUND)
    const { reason } = body
    return c.json({
      user: await setUserDisabled(c.get('deps').db, actorOf(c), id, { disabled: false, reason }, now(c)),
    })
  })
}
