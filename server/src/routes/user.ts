import {
  AI_SETTING_NOT_FOUND,
  type ContactMethod,
  EMAIL_ALREADY_REGISTERED,
  FAILED_TO_SAVE_SETTINGS,
  ME_RECENT_LIMIT,
  type MeResponse,
  microsToUsd,
  type Update,
} from '@engage/contract'
import { Hono } from 'hono'
import { isUniqueViolation } from '../domain/accounts'
import { toApiOrdersWithAi } from '../domain/ai-generation'
import { deleteAiSetting, ensureAiPresets, listAiSettings, saveAiSettings } from '../domain/ai-settings'
import { listOrders } from '../domain/orders'
import { countPanelOrders, listContactMethods, listUpdates } from '../domain/panel-content'
import { listTransactions } from '../domain/wallet'
import { requireAuth } from '../http/auth'
import { registerRoute } from '../http/register-route'
import type { AppEnv } from '../http/env'
import { HttpError } from '../http/errors'

// GET /api/user/me, PUT /api/user/profile, PUT /api/user/ai-settings, DELETE /api/user/ai-settings/{id}.

export const userRoutes = new Hono<AppEnv>()
userRoutes.use('/user/*', requireAuth)

registerRoute(userRoutes, 'getMe', async (c) => {
  const { db, clock, config } = c.var.deps
  const userId = c.var.user.id
  // The account and its order count in one statement; the tabs every customer shares come from memory.
  const user = await db
    .selectFrom('users')
    .select(['username', 'email', 'balance', 'profile_photo', 'phone', 'timezone', 'ai_presets_at'])
    .select((eb) =>
      eb
        .selectFrom('orders')
        .select((orders) => orders.fn.countAll<number | string>().as('count'))
        .whereRef('orders.user_id', '=', 'users.id')
        .as('total_orders'),
    )
    .where('id', '=', userId)
    .executeTakeFirstOrThrow()
  if (user.ai_presets_at === null) await ensureAiPresets(db, userId, clock.now())
  const page = { limit: ME_RECENT_LIMIT }
  const [totalOrdersPanel, aiSettings, transactions, orders, updates, contactMethods] = await Promise.all([
    countPanelOrders(db),
    listAiSettings(db, userId, config.dataKey),
    listTransactions(db, userId, page),
    listOrders(db, userId, page),
    listUpdates(db),
    listContactMethods(db),
  ])
  const totalOrders = Number(user.total_orders ?? 0)
  const body: MeResponse = {
    username: user.username,
    email: user.email,
    balance: microsToUsd(Number(user.balance)),
    profilePhoto: user.profile_photo,
    totalOrders,
    totalOrdersPanel,
    settings: { phone: user.phone ?? '', timezone: user.timezone as MeResponse['settings']['timezone'] },
    aiSettings,
    transactions: transactions.transactions,
    orders: await toApiOrdersWithAi(db, orders.orders),
    updates: updates satisfies Update[],
    contactMethods: contactMethods satisfies ContactMethod[],
  }
  return c.json(body, 200)
})

registerRoute(userRoutes, 'updateProfile', async (c, { body }) => {
  const changes = body
  const { db } = c.var.deps
  const userId = c.var.user.id
  const set: { email?: string; phone?: string | null; timezone?: string } = {}
  if (changes.email !== undefined) set.email = changes.email
  if (changes.phone !== undefined) set.phone = changes.phone === '' ? null : changes.phone
  if (changes.timezone !== undefined) set.timezone = changes.timezone
  if (Object.keys(set).length > 0) {
    try {
      await db.updateTable('users').set(set).where('id', '=', userId).execute()
    } catch (error) {
      if (isUniqueViolation(error)) {
        throw new HttpError(409, EMAIL_ALREADY_REGISTERED, { fields: { field: 'email' } })
      }
      throw error
    }
  }
  const user = await db
    .selectFrom('users')
    .select(['email', 'phone', 'timezone'])
    .where('id', '=', userId)
    .executeTakeFirstOrThrow()
  return c.json(
    {
      email: user.email,
      settings: { phone: user.phone ?? '', timezone: user.timezone as MeResponse['settings']['timezone'] },
    },
    200,
  )
})

registerRoute(userRoutes, 'saveAiSettings', async (c, { body }) => {
  const settings = body
  const { db, clock, config } = c.var.deps
  const userId = c.var.user.id
  try {
    await saveAiSettings(db, userId, settings, clock.now(), config.dataKey)
  } catch (error) {
    // Two requests creating the same id (in different case) at once: the unique index refuses the second.
    if (isUniqueViolation(error)) throw new HttpError(409, FAILED_TO_SAVE_SETTINGS)
    throw error
  }
  return c.json(await listAiSettings(db, userId, config.dataKey), 200)
})

registerRoute(userRoutes, 'deleteAiSetting', async (c, { params }) => {
  const { id } = params
  const { db, config } = c.var.deps
  const userId = c.var.user.id
  if (!(await deleteAiSetting(db, userId, id))) throw new HttpError(404, AI_SETTING_NOT_FOUND)
  return c.json(await listAiSettings(db, userId, config.dataKey), 200)
})
