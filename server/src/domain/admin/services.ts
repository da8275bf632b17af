import {
  ADMIN_PROVIDER_MAPPING_INCOMPLETE,
  ADMIN_SERVICE_NAME_TAKEN,
  type AdminCreateServiceRequest,
  type AdminService,
  type AdminUpdateServiceRequest,
  microsToUsd,
  PROVIDER_NOT_FOUND,
  SERVICE_NOT_FOUND,
  usdToMicros,
} from '@engage/contract'
import type * as z from 'zod'
import type { Db } from '../../db/connect'
import type { Service } from '../../db/schema'
import { isUniqueViolation } from '../accounts'
import { invalidateServicesCache } from '../services'
import { recordAudit } from './audit'
import { type Actor, AdminRefusal, iso } from './common'

// Services in the console: every one, enabled or not, with its provider mapping. A change invalidates the
// public price list's snapshot, so GET /api/get-services and GET /api/services answer it from the next
// request on (ADR 070).

type CreateInput = z.output<typeof AdminCreateServiceRequest>
type UpdateInput = z.output<typeof AdminUpdateServiceRequest>

interface ProviderInfo {
  names: Map<number, string>
  /** `${providerId}:${remoteServiceId}` → their rate per 1,000 in micro-USD. */
  remoteRates: Map<string, number>
}

async function providerInfo(db: Db): Promise<ProviderInfo> {
  const providers = await db.selectFrom('providers').select(['id', 'name']).execute()
  const remote = await db
    .selectFrom('provider_services')
    .select(['provider_id', 'remote_service_id', 'rate_per_1k'])
    .execute()
  return {
    names: new Map(providers.map((provider) => [Number(provider.id), provider.name])),
    remoteRates: new Map(
      remote.map((row) => [`${String(row.provider_id)}:${row.remote_service_id}`, Number(row.rate_per_1k)]),
    ),
  }
}

function toAdminService(row: Service, info: ProviderInfo): AdminService {
  const providerId = row.provider_id === null ? null : Number(row.provider_id)
  const remoteRate =
    providerId === null || row.remote_service_id === null
      ? undefined
      : info.remoteRates.get(`${String(providerId)}:${row.remote_service_id}`)
  return {
    id: String(row.id),
    name: row.name,
    category: row.category,
    description: row.description,
    rate_per_1k: microsToUsd(Number(row.rate_per_1k)),
    min_quantity: row.min_quantity,
    max_quantity: row.max_quantity,
    is_ai: row.is_ai === 1,
    enabled: row.enabled === 1,
    refill: row.refill === 1,
    refill_days: row.refill_days,
    cancel: row.cancel === 1,
    provider_id: providerId === null ? null : String(providerId),
    provider_name: providerId === null ? null : (info.names.get(providerId) ?? null),
    remote_service_id: row.remote_service_id,
    provider_rate_per_1k: remoteRate === undefined ? null : microsToUsd(remoteRate),
    created_at: iso(row.created_at),
    updated_at: iso(row.updated_at),
  }
}

/** Services in the console's answer shape, by id. */
export async function adminServices(db: Db, rows: readonly Service[]): Promise<AdminService[]> {
  const info = await providerInfo(db)
  return rows.map((row) => toAdminService(row, info))
}

export async function listAdminServices(db: Db): Promise<AdminService[]> {
  const rows = await db.selectFrom('services').selectAll().orderBy('id').execute()
  return adminServices(db, rows)
}

async function findService(db: Db, id: number): Promise<Service> {
  const row = await db.selectFrom('services').selectAll().where('id', '=', id).executeTakeFirst()
  if (!row) throw new AdminRefusal(404, SERVICE_NOT_FOUND)
  return row
}

/**
 * Checks a provider mapping: both parts or neither; the provider must exist and, when its catalogue was
 * imported, list the remote service, whose limits ours must fit inside (an order the provider refuses for its
 * quantity would only end paused).
 */
async function checkMapping(
  db: Db,
  providerIdText: string | null,
  remoteServiceId: string | null,
  limits: { min: number; max: number },
): Promise<{ providerId: number | null; remoteServiceId: string | null }> {
  if ((providerIdText === null) !== (remoteServiceId === null)) {
    throw new AdminRefusal(
      422,
      `provider_id: ${ADMIN_PROVIDER_MAPPING_INCOMPLETE}`,
      providerIdText === null ? 'provider_id' : 'remote_service_id',
    )
  }
  if (providerIdText === null || remoteServiceId === null) return { providerId: null, remoteServiceId: null }
  const providerId = /^[1-9]\d{0,14}$/.test(providerIdText) ? Number(providerIdText) : -1
  const provider = await db
    .selectFrom('providers')
    .select(['id', 'name'])
    .where('id', '=', providerId)
    .executeTakeFirst()
  if (!provider) throw new AdminRefusal(422, `provider_id: ${PROVIDER_NOT_FOUND}`, 'provider_id')
  const imported = await db
    .selectFrom('provider_services')
    .select(['remote_service_id', 'min_quantity', 'max_quantity'])
    .where('provider_id', '=', providerId)
    .execute()
  if (imported.length > 0) {
    const remote = imported.find((row) => row.remote_service_id === remoteServiceId)
    if (!remote) {
      throw new AdminRefusal(
        422,
        `remote_service_id: ${provider.name} has no service ${remoteServiceId} (import its services first)`,
        'remote_service_id',
      )
    }
    if (limits.min < remote.min_quantity || limits.max > remote.max_quantity) {
      throw new AdminRefusal(
        422,
        `min_quantity: Limits ${String(limits.min)} - ${String(limits.max)} do not fit ${provider.name}'s ${String(remote.min_quantity)} - ${String(remote.max_quantity)}`,
        'min_quantity',
      )
    }
  }
  return { providerId, remoteServiceId }
}

function nameTaken(error: unknown): never {
  if (isUniqueViolation(error)) throw new AdminRefusal(409, ADMIN_SERVICE_NAME_TAKEN, 'name')
  throw error
}

export async function createService(
  db: Db,
  actor: Actor,
  input: CreateInput,
  now: number,
): Promise<AdminService> {
  const mapping = await checkMapping(db, input.provider_id, input.remote_service_id, {
    min: input.min_quantity,
    max: input.max_quantity,
  })
  const row = await db
    .transaction()
    .execute(async (trx) => {
      const inserted = await trx
        .insertInto('services')
        .values({
          name: input.name,
          category: input.category,
          description: input.description,
          rate_per_1k: usdToMicros(input.rate_per_1k),
          min_quantity: input.min_quantity,
          max_quantity: input.max_quantity,
          is_ai: input.is_ai ? 1 : 0,
          enabled: input.enabled ? 1 : 0,
          refill: input.refill ? 1 : 0,
          refill_days: input.refill_days,
          cancel: input.cancel ? 1 : 0,
          provider_id: mapping.providerId,
          remote_service_id: mapping.remoteServiceId,
          created_at: now,
          updated_at: now,
        })
        .returningAll()
        .executeTakeFirstOrThrow()
      const [after] = await adminServices(trx, [inserted])
      await recordAudit(trx, {
        actor,
        action: 'service.create',
        target: `service:${String(inserted.id)}`,
        before: null,
        after,
        reason: input.reason,
        now,
      })
      return inserted
    })
    .catch(nameTaken)
  invalidateServicesCache(db)
  const [answer] = await adminServices(db, [row])
  if (!answer) throw new Error('A created service could not be read back')
  return answer
}

export async function updateService(
  db: Db,
  actor: Actor,
  id: number,
  input: UpdateInput,
  now: number,
): Promise<AdminService> {
  const current = await findService(db, id)
  const min = input.min_quantity ?? current.min_quantity
  const max = input.max_quantity ?? current.max_quantity
  if (min > max) {
    throw new AdminRefusal(422, 'max_quantity: Maximum must not be below the minimum', 'max_quantity')
  }
  const mappingChanged =
    input.provider_id !== undefined ||
    input.remote_service_id !== undefined ||
    input.min_quantity !== undefined ||
    input.max_quantity !== undefined
  const mapping = mappingChanged
    ? await checkMapping(
        db,
        input.provider_id === undefined
          ? current.provider_id === null
            ? null
            : String(current.provider_id)
          : input.provider_id,
        input.remote_service_id === undefined ? current.remote_service_id : input.remote_service_id,
        { min, max },
      )
    : undefined
  const updated = await db
    .transaction()
    .execute(async (trx) => {
      const row = await trx
        .updateTable('services')
        .set({
          ...(input.name !== undefined ? { name: input.name } : {}),
          ...(input.category !== undefined ? { category: input.category } : {}),
          ...(input.description !== undefined ? { description: input.description } : {}),
          ...(input.rate_per_1k !== undefined ? { rate_per_1k: usdToMicros(input.rate_per_1k) } : {}),
          min_quantity: min,
          max_quantity: max,
          ...(input.is_ai !== undefined ? { is_ai: input.is_ai ? 1 : 0 } : {}),
          ...(input.enabled !== undefined ? { enabled: input.enabled ? 1 : 0 } : {}),
          ...(input.refill !== undefined ? { refill: input.refill ? 1 : 0 } : {}),
          ...(input.refill_days !== undefined ? { refill_days: input.refill_days } : {}),
          ...(input.cancel !== undefined ? { cancel: input.cancel ? 1 : 0 } : {}),
          ...(mapping ? { provider_id: mapping.providerId, remote_service_id: mapping.remoteServiceId } : {}),
          updated_at: now,
        })
        .where('id', '=', id)
        .returningAll()
        .executeTakeFirstOrThrow()
      const [before, after] = await adminServices(trx, [current, row])
      await recordAudit(trx, {
        actor,
        action: 'service.update',
        target: `service:${String(id)}`,
        before,
        after,
        reason: input.reason,
        now,
      })
      return row
    })
    .catch(nameTaken)
  invalidateServicesCache(db)
  const [answer] = await adminServices(db, [updated])
  if (!answer) throw new Error('An updated service could not be read back')
  return answer
}
