import type { ContactMethod, Update } from '@engage/contract'
import type { Db } from '../db/connect'

// What every signed-in customer sees alike: the Updates and Contact Us tabs, and the panel-wide order count.

/** The Updates tab shows the newest few. */
export const UPDATES_SHOWN = 20

export async function listUpdates(db: Db): Promise<Update[]> {
  const rows = await db
    .selectFrom('updates')
    .selectAll()
    .orderBy('date_at', 'desc')
    .orderBy('id', 'desc')
    .limit(UPDATES_SHOWN)
    .execute()
  return rows.map((row) => ({
    id: String(row.id),
    icon: row.icon,
    title: row.title,
    text: row.text,
    date: new Date(Number(row.date_at)).toISOString(),
    url: row.url,
  }))
}

export async function listContactMethods(db: Db): Promise<ContactMethod[]> {
  const rows = await db
    .selectFrom('contact_methods')
    .selectAll()
    .orderBy('sort_order')
    .orderBy('id')
    .execute()
  return rows.map((row) => ({
    id: String(row.id),
    icon: row.icon,
    title: row.title,
    value: row.value,
    text: row.text,
    url: row.url,
  }))
}

// The panel-wide count is the same for everyone and read on every /api/user/me; counting a large orders table
// each time would dominate that call, so the figure is kept for a few seconds per database.
const PANEL_COUNT_TTL_MS = 5_000
const panelCounts = new WeakMap<Db, { count: Promise<number>; expiresAt: number }>()

/** Orders placed on the whole panel, at most a few seconds old. */
export function countPanelOrders(db: Db): Promise<number> {
  const now = Date.now()
  const cached = panelCounts.get(db)
  if (cached && cached.expiresAt > now) return cached.count
  const count = db
    .selectFrom('orders')
    .select((eb) => eb.fn.countAll<number | string>().as('count'))
    .executeTakeFirstOrThrow()
    .then((row) => Number(row.count))
  panelCounts.set(db, { count, expiresAt: now + PANEL_COUNT_TTL_MS })
  count.catch(() => panelCounts.delete(db))
  return count
}
