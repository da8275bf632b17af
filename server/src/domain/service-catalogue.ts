import { type CatalogueService, microsToUsd, serviceDisplayName } from '@engage/contract'
import { sql } from 'kysely'
import type { Db } from '../db/connect'
import { serviceCatalogue } from './services'

// The services catalogue (/services): every enabled service with what the operator wrote about it and how long
// its orders take. The averages are one grouped query over the orders completed in the last 30 days, answered
// from the partial index orders_completed_at (migration 0160). They move slowly, so one answer is kept for a
// minute per database; the services themselves come from the services snapshot, so an operator's edit of a
// description or category shows as soon as a price change does.

/** The window the average completion time is taken over. */
export const COMPLETION_WINDOW_MS = 30 * 24 * 60 * 60 * 1000

/** How long the averages are reused. */
const AVERAGES_TTL_MS = 60_000

export interface CompletionAverage {
  serviceId: number
  averageSeconds: number
  completedOrders: number
}

/** Per service, the mean seconds from placing to completion of the orders completed since `since`. */
export async function completionAverages(db: Db, since: number): Promise<CompletionAverage[]> {
  const rows = await db
    .selectFrom('orders')
    .select([
      'service_id',
      sql<number | string>`avg(completed_at - created_at)`.as('average_ms'),
      sql<number | string>`count(*)`.as('completed'),
    ])
    .where('completed_at', 'is not', null)
    .where('completed_at', '>=', since)
    .groupBy('service_id')
    .execute()
  // PostgreSQL answers avg and count of bigints as numeric text.
  return rows.map((row) => ({
    serviceId: Number(row.service_id),
    averageSeconds: Math.max(0, Math.round(Number(row.average_ms) / 1000)),
    completedOrders: Number(row.completed),
  }))
}

const cachedAverages = new WeakMap<
  Db,
  { expiresAt: number; averages: Promise<Map<number, CompletionAverage>> }
>()

/** The averages, from a copy at most a minute old. */
function recentAverages(db: Db, now: number): Promise<Map<number, CompletionAverage>> {
  const cached = cachedAverages.get(db)
  if (cached && cached.expiresAt > now) return cached.averages
  const averages = completionAverages(db, now - COMPLETION_WINDOW_MS).then(
    (rows) => new Map(rows.map((average) => [average.serviceId, average])),
  )
  cachedAverages.set(db, { expiresAt: now + AVERAGES_TTL_MS, averages })
  // A failed query must not be served for the whole minute.
  averages.catch(() => cachedAverages.delete(db))
  return averages
}

/** The catalogue: the services as the services snapshot has them, with averages at most a minute old. */
export async function listCatalogue(db: Db, now: number): Promise<CatalogueService[]> {
  const [{ services }, averages] = await Promise.all([serviceCatalogue(db), recentAverages(db, now)])
  return services
    .map((service) => {
      const average = averages.get(Number(service.id))
      return {
        id: String(service.id),
        name: service.name,
        displayName: serviceDisplayName(service.name),
        category: service.category,
        description: service.description,
        ratePer1k: microsToUsd(service.rate_per_1k),
        minQuantity: service.min_quantity,
        maxQuantity: service.max_quantity,
        refill: service.refill === 1,
        cancel: service.cancel === 1,
        isAi: service.is_ai === 1,
        averageCompletionSeconds: average?.averageSeconds ?? null,
        completedOrders: average?.completedOrders ?? 0,
      }
    })
    .sort((a, b) => a.category.localeCompare(b.category) || a.name.localeCompare(b.name))
}

/** Forgets this process's averages (tests that complete orders and read the catalogue at once). */
export function invalidateCompletionAverages(db: Db): void {
  cachedAverages.delete(db)
}
