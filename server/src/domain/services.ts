import { createHash } from 'node:crypto'
import { per1kMicrosToUnitRateUsd } from '@engage/contract'
import type { Db } from '../db/connect'
import type { Service } from '../db/schema'

// The service catalogue: what can be ordered and at what rate. The public price list is read on every landing
// page, widget and order form, and every list of orders shows what each order's service offers (AI texts, a
// refill), so both are served from a small in-memory snapshot; orders and refill requests always read the
// service row itself inside their transaction, so a charge or a refill never rests on a stale row.

/** How long a snapshot is trusted. Another server process sharing a PostgreSQL database sees a change within
 * this window; this process sees it at once through invalidateServicesCache. */
const SNAPSHOT_TTL_MS = 5_000

export interface ServiceCatalogue {
  /** The services that can be ordered, in the order of their ids. */
  services: Service[]
  /** Every service, enabled or not: the services of orders already placed. */
  byId: ReadonlyMap<number, Service>
  /** GET /api/get-services: name → price per unit in USD, serialised once. */
  pricesJson: string
  /** A strong validator of pricesJson. */
  pricesEtag: string
  loadedAt: number
}

const snapshots = new WeakMap<Db, { catalogue: Promise<ServiceCatalogue>; expiresAt: number }>()

async function loadCatalogue(db: Db): Promise<ServiceCatalogue> {
  const all = await db.selectFrom('services').selectAll().orderBy('id').execute()
  const services = all.filter((service) => service.enabled === 1)
  const prices: Record<string, number> = {}
  for (const service of services) prices[service.name] = per1kMicrosToUnitRateUsd(service.rate_per_1k)
  const pricesJson = JSON.stringify(prices)
  const pricesEtag = `"${createHash('sha256').update(pricesJson).digest('base64url').slice(0, 27)}"`
  return {
    services,
    byId: new Map(all.map((service) => [service.id, service])),
    pricesJson,
    pricesEtag,
    loadedAt: Date.now(),
  }
}

/** The enabled services and the public price list, from a snapshot at most a few seconds old. */
export function serviceCatalogue(db: Db): Promise<ServiceCatalogue> {
  const now = Date.now()
  const cached = snapshots.get(db)
  if (cached && cached.expiresAt > now) return cached.catalogue
  const catalogue = loadCatalogue(db)
  snapshots.set(db, { catalogue, expiresAt: now + SNAPSHOT_TTL_MS })
  // A failed load must not be served for the whole window.
  catalogue.catch(() => snapshots.delete(db))
  return catalogue
}

/**
 * The services of `ids`, as the snapshot has them. A service the snapshot does not know (added since, by
 * another process) loads the snapshot afresh, so every id an order can hold is found.
 */
export async function servicesById(db: Db, ids: Iterable<number>): Promise<ReadonlyMap<number, Service>> {
  const snapshot = serviceCatalogue(db)
  const { byId } = await snapshot
  for (const id of ids) {
    if (byId.has(id)) continue
    // Unless another request has already put a newer snapshot in its place.
    if (snapshots.get(db)?.catalogue === snapshot) invalidateServicesCache(db)
    return (await serviceCatalogue(db)).byId
  }
  return byId
}

/** Call after changing a service (operator screens, seeding) so this process serves the change at once. */
export function invalidateServicesCache(db: Db): void {
  snapshots.delete(db)
}
