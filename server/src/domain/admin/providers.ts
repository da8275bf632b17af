import {
  ADMIN_PROVIDER_NAME_TAKEN,
  type AdminCreateProviderRequest,
  type AdminProvider,
  type AdminProviderBalanceResponse,
  type AdminProviderService,
  type AdminService,
  type AdminUpdateProviderRequest,
  isMaskedApiKey,
  maskApiKey,
  microsToUsd,
  PROVIDER_NOT_FOUND,
} from '@engage/contract'
import type * as z from 'zod'
import { SmmRejectedError, SmmTransientError } from '../../adapters/smm'
import { decryptSecret, encryptSecret } from '../../crypto/secrets'
import type { Db } from '../../db/connect'
import type { Provider, ProviderService } from '../../db/schema'
import { isUniqueViolation } from '../accounts'
import { importProviderServices, type ProviderClientOptions, providerClient } from '../providers'
import { invalidateServicesCache } from '../services'
import { recordAudit } from './audit'
import { type Actor, AdminRefusal, iso } from './common'
import { verifyProviderKey } from './provider-lifecycle'
import { adminServices } from './services'

// Providers in the console: added with their API URL and key (stored encrypted under DATA_KEY, answered
// masked, never logged nor written to the audit log), their balance and catalogue asked live over API v2, and
// the margin rule that sets the rates of the services mapped to them from their rates.

type CreateInput = z.output<typeof AdminCreateProviderRequest>
type UpdateInput = z.output<typeof AdminUpdateProviderRequest>

/** What an answer shows for a stored key that no longer decrypts (DATA_KEY changed). */
const UNREADABLE_KEY_MASK = maskApiKey('unreadable')

function maskedKey(provider: Provider, dataKey: Buffer): string {
  try {
    return maskApiKey(decryptSecret(dataKey, provider.api_key_encrypted))
  } catch {
    return UNREADABLE_KEY_MASK
  }
}

async function toAdminProviders(
  db: Db,
  dataKey: Buffer,
  rows: readonly Provider[],
): Promise<AdminProvider[]> {
  const imported = await db
    .selectFrom('provider_services')
    .select(['provider_id', (eb) => eb.fn.countAll<number | string>().as('count')])
    .groupBy('provider_id')
    .execute()
  const mapped = await db
    .selectFrom('services')
    .select(['provider_id', (eb) => eb.fn.countAll<number | string>().as('count')])
    .where('provider_id', 'is not', null)
    .groupBy('provider_id')
    .execute()
  const importedCount = new Map(imported.map((row) => [Number(row.provider_id), Number(row.count)]))
  const mappedCount = new Map(mapped.map((row) => [Number(row.provider_id), Number(row.count)]))
  return rows.map((row) => ({
    id: String(row.id),
    name: row.name,
    api_url: row.api_url,
    api_key_masked: maskedKey(row, dataKey),
    enabled: row.enabled === 1,
    margin_percent: row.margin_basis_points === null ? null : Number(row.margin_basis_points) / 100,
    services_count: importedCount.get(Number(row.id)) ?? 0,
    mapped_services_count: mappedCount.get(Number(row.id)) ?? 0,
    created_at: iso(row.created_at),
    updated_at: iso(row.updated_at),
  }))
}

async function oneAdminProvider(db: Db, dataKey: Buffer, row: Provider): Promise<AdminProvider> {
  const [answer] = await toAdminProviders(db, dataKey, [row])
  if (!answer) throw new Error('A provider could not be read back')
  return answer
}

export async function listAdminProviders(db: Db, dataKey: Buffer): Promise<AdminProvider[]> {
  const rows = await db.selectFrom('providers').selectAll().orderBy('id').execute()
  return toAdminProviders(db, dataKey, rows)
}

export async function findProvider(db: Db, id: number): Promise<Provider> {
  const row = await db.selectFrom('providers').selectAll().where('id', '=', id).executeTakeFirst()
  if (!row) throw new AdminRefusal(404, PROVIDER_NOT_FOUND)
  return row
}

function nameTaken(error: unknown): never {
  if (isUniqueViolation(error)) throw new AdminRefusal(409, ADMIN_PROVIDER_NAME_TAKEN, 'name')
  throw error
}

/** Adds a provider once its balance call answers with this URL and key (verifyProviderKey). */
export async function createProvider(
  db: Db,
  dataKey: Buffer,
  actor: Actor,
  input: CreateInput,
  now: number,
  options: ProviderClientOptions = {},
): Promise<AdminProvider> {
  // The name first: it costs no call to the provider, and the insert below still catches a race.
  const taken = await db
    .selectFrom('providers')
    .select('id')
    .where('name', '=', input.name)
    .executeTakeFirst()
  if (taken) throw new AdminRefusal(409, ADMIN_PROVIDER_NAME_TAKEN, 'name')
  const apiUrl = new URL(input.api_url).href
  await verifyProviderKey(apiUrl, input.api_key, options)
  const row = await db
    .transaction()
    .execute(async (trx) => {
      const inserted = await trx
        .insertInto('providers')
        .values({
          name: input.name,
          api_url: apiUrl,
          api_key_encrypted: encryptSecret(dataKey, input.api_key),
          created_at: now,
          updated_at: now,
        })
        .returningAll()
        .executeTakeFirstOrThrow()
      await recordAudit(trx, {
        actor,
        action: 'provider.create',
        target: `provider:${String(inserted.id)}`,
        before: null,
        after: await oneAdminProvider(trx, dataKey, inserted),
        reason: input.reason,
        now,
      })
      return inserted
    })
    .catch(nameTaken)
  return oneAdminProvider(db, dataKey, row)
}

/** Changes a provider; a new URL or key is kept only once the provider's balance call answers with them. */
export async function updateProvider(
  db: Db,
  dataKey: Buffer,
  actor: Actor,
  id: number,
  input: UpdateInput,
  now: number,
  options: ProviderClientOptions = {},
): Promise<AdminProvider> {
  const current = await findProvider(db, id)
  // A masked key sent back unchanged keeps the stored one.
  const newKey = input.api_key !== undefined && !isMaskedApiKey(input.api_key) ? input.api_key : undefined
  const newUrl = input.api_url === undefined ? undefined : new URL(input.api_url).href
  if (newKey !== undefined || (newUrl !== undefined && newUrl !== current.api_url)) {
    await verifyProviderKey(
      newUrl ?? current.api_url,
      newKey ?? decryptSecret(dataKey, current.api_key_encrypted),
      options,
    )
  }
  const row = await db.transaction().execute(async (trx) => {
    const updated = await trx
      .updateTable('providers')
      .set({
        ...(newUrl !== undefined ? { api_url: newUrl } : {}),
        ...(newKey !== undefined ? { api_key_encrypted: encryptSecret(dataKey, newKey) } : {}),
        ...(input.enabled !== undefined ? { enabled: input.enabled ? 1 : 0 } : {}),
        updated_at: now,
      })
      .where('id', '=', id)
      .returningAll()
      .executeTakeFirstOrThrow()
    const [before, after] = await toAdminProviders(trx, dataKey, [current, updated])
    await recordAudit(trx, {
      actor,
      action: 'provider.update',
      target: `provider:${String(id)}`,
      before,
      after: after && { ...after, api_key_changed: newKey !== undefined },
      reason: input.reason,
      now,
    })
    return updated
  })
  return oneAdminProvider(db, dataKey, row)
}

/** An upstream failure as a 502 the console shows; the message never holds the key (it travels in the body). */
function upstreamRefusal(provider: Provider, error: unknown): never {
  if (error instanceof SmmRejectedError || error instanceof SmmTransientError) {
    throw new AdminRefusal(502, `${provider.name} did not answer as expected: ${error.message}`)
  }
  throw error
}

export async function providerBalance(
  db: Db,
  dataKey: Buffer,
  id: number,
  now: number,
  options: ProviderClientOptions = {},
): Promise<AdminProviderBalanceResponse> {
  const provider = await findProvider(db, id)
  const balance = await providerClient(provider, dataKey, options)
    .balance()
    .catch((error: unknown) => upstreamRefusal(provider, error))
  return {
    provider_id: String(provider.id),
    balance: microsToUsd(balance.balanceMicros),
    currency: balance.currency,
    checked_at: iso(now),
  }
}

async function toAdminProviderServices(
  db: Db,
  providerId: number,
  rows: readonly ProviderService[],
): Promise<AdminProviderService[]> {
  const mapped = await db
    .selectFrom('services')
    .select(['name', 'remote_service_id'])
    .where('provider_id', '=', providerId)
    .orderBy('id')
    .execute()
  return [...rows]
    .sort((left, right) =>
      left.remote_service_id.localeCompare(right.remote_service_id, 'en', { numeric: true }),
    )
    .map((row) => ({
      provider_id: String(row.provider_id),
      remote_service_id: row.remote_service_id,
      name: row.name,
      type: row.type,
      category: row.category,
      rate_per_1k: microsToUsd(Number(row.rate_per_1k)),
      min_quantity: row.min_quantity,
      max_quantity: row.max_quantity,
      refill: row.refill === 1,
      cancel: row.cancel === 1,
      imported_at: iso(row.imported_at),
      mapped_to: mapped
        .filter((service) => service.remote_service_id === row.remote_service_id)
        .map((service) => service.name),
    }))
}

export async function listAdminProviderServices(db: Db, id: number): Promise<AdminProviderService[]> {
  const provider = await findProvider(db, id)
  const rows = await db
    .selectFrom('provider_services')
    .selectAll()
    .where('provider_id', '=', provider.id)
    .execute()
  return toAdminProviderServices(db, provider.id, rows)
}

export async function importAdminProviderServices(
  db: Db,
  dataKey: Buffer,
  actor: Actor,
  id: number,
  reason: string | null,
  now: number,
  options: ProviderClientOptions = {},
): Promise<AdminProviderService[]> {
  const provider = await findProvider(db, id)
  const beforeCount = await db
    .selectFrom('provider_services')
    .select((eb) => eb.fn.countAll<number | string>().as('count'))
    .where('provider_id', '=', id)
    .executeTakeFirstOrThrow()
  const { services: rows, skipped } = await importProviderServices(
    db,
    provider,
    providerClient(provider, dataKey, options),
    now,
  ).catch((error: unknown) => upstreamRefusal(provider, error))
  invalidateServicesCache(db)
  await recordAudit(db, {
    actor,
    action: 'provider.import',
    target: `provider:${String(id)}`,
    before: { services_count: Number(beforeCount.count) },
    after: { services_count: rows.length, ...(skipped.length > 0 ? { skipped } : {}) },
    reason,
    now,
  })
  return toAdminProviderServices(db, provider.id, rows)
}

/** Their rate × (1 + basis points / 10,000), rounded up to the micro-USD (never below their rate's share). */
export function rateWithMargin(remoteRateMicros: number, basisPoints: number): number {
  const scaled = BigInt(remoteRateMicros) * BigInt(10_000 + basisPoints)
  const rate = (scaled + 9_999n) / 10_000n
  return Number(rate < 0n ? 0n : rate)
}

export async function applyProviderMargin(
  db: Db,
  dataKey: Buffer,
  actor: Actor,
  id: number,
  input: { marginPercent: number; reason: string | null },
  now: number,
): Promise<{ provider: AdminProvider; services: AdminService[] }> {
  const basisPoints = Math.round(input.marginPercent * 100)
  const { provider, services } = await db.transaction().execute(async (trx) => {
    const current = await findProvider(trx, id)
    const mapped = await trx
      .selectFrom('services')
      .innerJoin('provider_services', (join) =>
        join
          .onRef('provider_services.provider_id', '=', 'services.provider_id')
          .onRef('provider_services.remote_service_id', '=', 'services.remote_service_id'),
      )
      .selectAll('services')
      .select('provider_services.rate_per_1k as remote_rate')
      .where('services.provider_id', '=', id)
      .orderBy('services.id')
      .execute()
    const before: Record<string, number> = {}
    const after: Record<string, number> = {}
    const updatedIds: number[] = []
    for (const service of mapped) {
      const rate = rateWithMargin(Number(service.remote_rate), basisPoints)
      before[service.name] = microsToUsd(Number(service.rate_per_1k))
      after[service.name] = microsToUsd(rate)
      await trx
        .updateTable('services')
        .set({ rate_per_1k: rate, updated_at: now })
        .where('id', '=', service.id)
        .execute()
      updatedIds.push(service.id)
    }
    const updatedProvider = await trx
      .updateTable('providers')
      .set({ margin_basis_points: basisPoints, updated_at: now })
      .where('id', '=', id)
      .returningAll()
      .executeTakeFirstOrThrow()
    await recordAudit(trx, {
      actor,
      action: 'provider.margin',
      target: `provider:${String(id)}`,
      before: {
        margin_percent:
          current.margin_basis_points === null ? null : Number(current.margin_basis_points) / 100,
        rates_per_1k: before,
      },
      after: { margin_percent: basisPoints / 100, rates_per_1k: after },
      reason: input.reason,
      now,
    })
    const rows =
      updatedIds.length === 0
        ? []
        : await trx.selectFrom('services').selectAll().where('id', 'in', updatedIds).orderBy('id').execute()
    return { provider: updatedProvider, services: rows }
  })
  invalidateServicesCache(db)
  return {
    provider: await oneAdminProvider(db, dataKey, provider),
    services: await adminServices(db, services),
  }
}
