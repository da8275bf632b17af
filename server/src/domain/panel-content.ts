import type { ContactMethod, Update } from '@engage/contract'
import type { Db } from '../db/connect'

// What every signed-in customer sees alike: the Updates and Contact Us tabs, and the panel-wide order count.
// All three are read on every /api/user/me and change only when support edits them, so each is kept in memory
// for a few seconds per database; an edit made through this process is seen at once (invalidatePanelContent),
// one made through another process sharing a PostgreSQL database within that window.

/** How long the tabs' content is trusted. */
const CONTENT_TTL_MS = 5_000

interface Snapshot<T> {
  value: Promise<T>
  expiresAt: number
}

/** A per-database memo of `load` for CONTENT_TTL_MS; a failed load is not kept. */
function memo<T>(load: (db: Db) => Promise<T>) {
  const snapshots = new WeakMap<Db, Snapshot<T>>()
  return {
    get(db: Db): Promise<T> {
      const now = Date.now()
      const cached = snapshots.get(db)
      if (cached && cached.expiresAt > now) return cached.value
      const value = load(db)
      snapshots.set(db, { value, expiresAt: now + CONTENT_TTL_MS })
      value.catch(() => snapshots.delete(db))
      return value
    },
    forget(db: Db): void {
      snapshots.delete(db)
    },
  }
}

/** The Updates tab shows the newest few. */
export const UPDATES_SHOWN = 20

async function loadUpdates(db: Db): Promise<Update[]> {
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

async function loadContactMethods(db: Db): Promise<ContactMethod[]> {
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

/** Orders placed on the whole panel (counting a large table each time would dominate /api/user/me). */
const panelCount = memo((db) =>
  db
    .selectFrom('orders')
    .select((eb) => eb.fn.countAll<number | string>().as('count'))
    .executeTakeFirstOrThrow()
    .then((row) => Number(row.count)),
)

/** Orders placed on the whole panel, at most a few seconds old. */
export function countPanelOrders(db: Db): Promise<number> {
  return panelCount.get(db)
}

const updates = memo(loadUpdates)
const contactMethods = memo(loadContactMethods)

/** The Updates tab: the newest UPDATES_SHOWN updates, at most a few seconds old. */
export function listUpdates(db: Db): Promise<Update[]> {
  return updates.get(db)
}

/** The Contact Us tab, at most a few seconds old. */
export function listContactMethods(db: Db): Promise<ContactMethod[]> {
  return contactMethods.get(db)
}

/** Call after changing updates or contact methods (support's screens, seeding) so this process shows it at once. */
export function invalidatePanelContent(db: Db): void {
  updates.forget(db)
  contactMethods.forget(db)
}
