import { createHash } from 'node:crypto'
import { per1kMicrosToUnitRateUsd } from '@engage/contract'
import type { Db } from '../db/connect'
import type { Service } from '../db/schema'

// The service catalogue: what can be ordered and at what rate. The public price list is read on every landing
// page, widget and order form, so it is served from a small in-memory snapshot; orders always read the
// service row itself inside their transaction, so a charge never uses a stale rate.

/** How long a snapshot is trusted. Another server process sharing a PostgreSQL database sees a change within
 * this window; this process sees it at once through invalidateServicesCache. */
const SNAPSHOT_TTL_MS = 5_000

export interface ServiceCatalogue {
  services: Service[]
  /** GET /api/get-services: name → price per unit in USD, serialised once. */
  pricesJson: string
  /** A strong validator of pricesJson. */
  pricesEtag: string
  loadedAt: number
}

const snapshots = new WeakMap<Db, { catalogue: Promise<ServiceCatalogue>; expiresAt: number }>()

export function listEnabledServices(db: Db): Promise<Service[]> {
  return db.selectFrom('services').selectAll().where('enabled', '=', 1).orderBy('id').execute()
}

async function loadCatalogue(db: Db): Promise<ServiceCatalogue> {
  const services = await listEnabledServices(db)
  const prices: Record<string, number> = {}
  for (const service of services) prices[service.name] = per1kMicrosToUnitRateUsd(service.rate_per_1k)
  const pricesJson = JSON.stringify(prices)
  const pricesEtag = `"${createHash('sha256').update(pricesJson).digest('base64url').slice(0, 27)}"`
  return { services, pricesJson, pricesEtag, loadedAt: Date.now() }
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

/** Call after changing a service (operator screens, seeding) so this process serves the change at once. */
export function invalidateServicesCache(db: Db): void {
  snapshots.delete(db)
}
