import {
  AI_PROVIDER_IDS,
  AI_SETTING_NOT_FOUND,
  type ContactMethod,
  EMAIL_ALREADY_REGISTERED,
  FAILED_TO_SAVE_SETTINGS,
  type MeResponse,
  microsToUsd,
  type Update,
} from '@engage/contract'
import { Hono } from 'hono'
import { isUniqueViolation } from '../domain/accounts'
import { toApiOrdersWithAi } from '../domain/ai-generation'
import { deleteAiSetting, ensureAiPresets, listAiSettings, saveAiSettings } from '../domain/ai-settings'
import { type MeSessionRow, readMe, readMeWithSession, toMeRead } from '../domain/me'
import { countPanelOrders, listContactMethods, listUpdates } from '../domain/panel-content'
import { requireAuth } from '../http/auth'
import { registerRoute } from '../http/register-route'
import type { AppEnv } from '../http/env'
import { HttpError } from '../http/errors'

// GET /api/user/me, PUT /api/user/profile, PUT /api/user/ai-settings, DELETE /api/user/ai-settings/{id}.

export const userRoutes = new Hono<AppEnv>()

// The page is read by the session check's own statement (readMeWithSession), so this route is registered
// before the guard of the other /user calls, which would otherwise check the session once more.
registerRoute(
  userRoutes,
  'getMe',
  async (c) => {
    const { db, clock, config } = c.get('deps')
    const userId = c.get('workspace').accountId
    // The account's data came with the session; the tabs every customer shares come from memory.
    let me = toMeRead(c.get('sessionRow') as MeSessionRow, config.dataKey)
    if (me?.aiPresetsAt === null) {
      // The first /me gives the account its AI presets, then reads again to show them.
      await ensureAiPresets(db, userId, clock.now())
      me = await readMe(db, userId, config.dataKey)
    }
    if (!me) throw new Error(`The signed-in account ${String(userId)} has no row`)
    // In another person's workspace the money, orders and settings are its account's; the name, photo and
    // settings shown are still the signed-in person's.
    const person =
      userId === c.get('user').id
        ? me
        : await db
            .selectFrom('users')
            .select(['username', 'email', 'profile_photo as profilePhoto', 'phone', 'timezone'])
            .where('id', '=', c.get('user').id)
            .executeTakeFirstOrThrow()
    const [totalOrdersPanel, updates, contactMethods, orders] = await Promise.all([
      countPanelOrders(db),
      listUpdates(db),
      listContactMethods(db),
      toApiOrdersWithAi(db, me.orders),
    ])
    const body: MeResponse = {
      username: person.username,
      email: person.email,
      balance: microsToUsd(me.balance),
      profilePhoto: person.profilePhoto,
      totalOrders: me.totalOrders,
      totalOrdersPanel,
      settings: {
        phone: person.phone ?? '',
        timezone: person.timezone as MeResponse['settings']['timezone'],
      },
      aiSettings: me.aiSettings,
      // Which providers the operator's keys cover; never the keys themselves.
      aiProvidersWithPanelKey: AI_PROVIDER_IDS.filter((provider) =>
        Boolean(config.ai.defaultApiKeys[provider]),
      ),
      transactions: me.transactions,
      orders,
      updates: updates satisfies Update[],
      contactMethods: contactMethods satisfies ContactMethod[],
      unreadNotifications: me.unreadNotifications,
    }
    return c.json(body, 200)
  },
  { sessionRead: readMeWithSession },
)

userRoutes.use('/user/*', requireAuth)

registerRoute(userRoutes, 'updateProfile', async (c, { body }) => {
  const changes = body
  const { db } = c.get('deps')
  const userId = c.get('user').id
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
  const { db, clock, config } = c.get('deps')
  const userId = c.get('workspace').accountId
  try {
    await saveAiSettings(db, userId, settings, clock.now(), config.dataKey, c.get('user').id)
  } catch (error) {
    // Two requests creating the same id (in different case) at once: the unique index refuses the second.
    if (isUniqueViolation(error)) throw new HttpError(409, FAILED_TO_SAVE_SETTINGS)
    throw error
  }
  return c.json(await listAiSettings(db, userId, config.dataKey), 200)
})

registerRoute(userRoutes, 'deleteAiSetting', async (c, { params }) => {
  const { id } = params
  const { db, config, clock } = c.get('deps')
  const userId = c.get('workspace').accountId
  const actor = { userId: c.get('user').id, now: clock.now() }
  if (!(await deleteAiSetting(db, userId, id, actor))) throw new HttpError(404, AI_SETTING_NOT_FOUND)
  return c.json(await listAiSettings(db, userId, config.dataKey), 200)
})
