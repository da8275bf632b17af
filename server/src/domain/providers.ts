import { createSmmClient, type SmmClient, type SmmService, type SmmSkippedService } from '../adapters/smm'
import { decryptSecret, encryptSecret } from '../crypto/secrets'
import type { Db } from '../db/connect'
import type { Provider, ProviderService, Service } from '../db/schema'
import { invalidateServicesCache } from './services'

// Upstream providers: the SMM panels that fulfil our orders, their catalogues, and which of their
// services each of ours is placed as. Keys are stored encrypted under DATA_KEY and decrypted only to build a
// client. The operator's command line (provider-commands.ts) and the demo start-up are the callers.

/** A request the operator can fix (unknown provider, bad URL, unmapped service): shown as it is. */
export class ProviderError extends Error {
  override name = 'ProviderError'
}

function checkedApiUrl(text: string): string {
  let url: URL
  try {
    url = new URL(text.trim())
  } catch {
    throw new ProviderError(`Invalid API URL: ${JSON.stringify(text)} (e.g. https://panel.example/api/v2)`)
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new ProviderError(`Invalid API URL: ${JSON.stringify(text)} (must be http or https)`)
  }
  return url.href
}

export interface SaveProviderInput {
  name: string
  apiUrl: string
  apiKey: string
  now: number
}

/**
 * Adds a provider, or updates the URL and key of the one with this name (rotating a key is the same
 * command). Answers the stored row and whether it is new.
 */
export async function saveProvider(
  db: Db,
  dataKey: Buffer,
  input: SaveProviderInput,
): Promise<{ provider: Provider; created: boolean }> {
  const name = input.name.trim()
  if (name === '') throw new ProviderError('A provider needs a name')
  if (input.apiKey.trim() === '') throw new ProviderError('A provider needs an API key')
  const apiUrl = checkedApiUrl(input.apiUrl)
  const apiKeyEncrypted = encryptSecret(dataKey, input.apiKey.trim())
  return db.transaction().execute(async (trx) => {
    const updated = await trx
      .updateTable('providers')
      .set({ api_url: apiUrl, api_key_encrypted: apiKeyEncrypted, updated_at: input.now })
      .where('name', '=', name)
      .returningAll()
      .executeTakeFirst()
    if (updated) return { provider: updated, created: false }
    const inserted = await trx
      .insertInto('providers')
      .values({
        name,
        api_url: apiUrl,
        api_key_encrypted: apiKeyEncrypted,
        created_at: input.now,
        updated_at: input.now,
      })
      .returningAll()
      .executeTakeFirstOrThrow()
    return { provider: inserted, created: true }
  })
}

export function listProviders(db: Db): Promise<Provider[]> {
  return db.selectFrom('providers').selectAll().orderBy('id').execute()
}

export async function findProviderByName(db: Db, name: string): Promise<Provider> {
  const provider = await db
    .selectFrom('providers')
    .selectAll()
    .where('name', '=', name.trim())
    .executeTakeFirst()
  if (!provider)
    throw new ProviderError(`No provider named ${JSON.stringify(name)} (add it with provider:add)`)
  return provider
}

export interface ProviderClientOptions {
  /** @default globalThis.fetch */
  fetch?: typeof globalThis.fetch
  /** How long one upstream call may take. @default the client's own (15 s) */
  timeoutMs?: number
}

/** A client of this provider's API, with its key decrypted. */
export function providerClient(
  provider: Provider,
  dataKey: Buffer,
  options: ProviderClientOptions = {},
): SmmClient {
  return createSmmClient({
    apiUrl: provider.api_url,
    apiKey: decryptSecret(dataKey, provider.api_key_encrypted),
    ...(options.fetch ? { fetch: options.fetch } : {}),
    ...(options.timeoutMs ? { timeoutMs: options.timeoutMs } : {}),
  })
}

/** Builds the client of a provider row; the worker takes one so tests can shorten timeouts. */
export type ProviderClientFactory = (provider: Provider) => SmmClient

export function providerClientFactory(
  dataKey: Buffer,
  options: ProviderClientOptions = {},
): ProviderClientFactory {
  // Decrypting is cheap but not free; a row that changed (a new key or URL) gets a new client.
  const clients = new Map<number, { updatedAt: number; client: SmmClient }>()
  return (provider) => {
    const cached = clients.get(provider.id)
    if (cached && cached.updatedAt === provider.updated_at) return cached.client
    const client = providerClient(provider, dataKey, options)
    clients.set(provider.id, { updatedAt: provider.updated_at, client })
    return client
  }
}

// ---- Catalogue --------------------------------------------------------------------------------------------

/**
 * Stores the provider's services as `services` answered them (rates are what we pay, per 1,000). Services the
 * provider no longer lists are removed, so a mapping can only be made to one it sells today.
 */
export async function storeProviderServices(
  db: Db,
  providerId: number,
  services: readonly SmmService[],
  now: number,
): Promise<ProviderService[]> {
  return db.transaction().execute(async (trx) => {
    await trx.deleteFrom('provider_services').where('provider_id', '=', providerId).execute()
    if (services.length === 0) return []
    // Panels have been seen listing a service twice; the last entry wins, as it would on their own page.
    const byId = new Map(services.map((service) => [String(service.service), service]))
    return trx
      .insertInto('provider_services')
      .values(
        [...byId.entries()].map(([remoteServiceId, service]) => ({
          provider_id: providerId,
          remote_service_id: remoteServiceId,
          name: service.name,
          type: service.type,
          category: service.category,
          rate_per_1k: service.ratePer1000Micros,
          min_quantity: service.min,
          max_quantity: service.max,
          refill: service.refill ? 1 : 0,
          cancel: service.cancel ? 1 : 0,
          imported_at: now,
        })),
      )
      .returningAll()
      .execute()
  })
}

export interface ImportedServices {
  /** The stored catalogue, by remote id. */
  services: ProviderService[]
  /** Entries the provider sent in a shape we cannot read, left out with the reason, for the operator to see. */
  skipped: SmmSkippedService[]
}

/** Asks the provider for its services (`action=services`) and stores the readable ones. */
export async function importProviderServices(
  db: Db,
  provider: Provider,
  client: SmmClient,
  now: number,
): Promise<ImportedServices> {
  const catalogue = await client.services()
  const stored = await storeProviderServices(db, provider.id, catalogue.services, now)
  stored.sort((left, right) => Number(left.remote_service_id) - Number(right.remote_service_id))
  return { services: stored, skipped: catalogue.skipped }
}

export function listProviderServices(db: Db, providerId: number): Promise<ProviderService[]> {
  return db
    .selectFrom('provider_services')
    .selectAll()
    .where('provider_id', '=', providerId)
    .orderBy('remote_service_id')
    .execute()
}

// ---- Mapping ----------------------------------------------------------------------------------------------

export interface MapServiceInput {
  serviceName: string
  providerName: string
  remoteServiceId: string
  /** Our rate in micro-USD per 1,000; unchanged when omitted. */
  ratePer1kMicros?: number | undefined
  /** Our limits; default to ours narrowed to what the provider accepts. */
  minQuantity?: number | undefined
  maxQuantity?: number | undefined
  now: number
}

/**
 * Places our service with a provider's service from now on (orders already sent stay where they are). Our
 * limits are kept inside the provider's, since an order the provider refuses for its quantity would only end
 * paused; the remote service must have been imported, so its limits are known.
 */
export async function mapService(db: Db, input: MapServiceInput): Promise<Service> {
  const provider = await findProviderByName(db, input.providerName)
  const remoteServiceId = input.remoteServiceId.trim()
  const remote = await db
    .selectFrom('provider_services')
    .selectAll()
    .where('provider_id', '=', provider.id)
    .where('remote_service_id', '=', remoteServiceId)
    .executeTakeFirst()
  if (!remote) {
    throw new ProviderError(
      `${provider.name} has no service ${JSON.stringify(remoteServiceId)} (run provider:import ${provider.name} first)`,
    )
  }
  const service = await db
    .selectFrom('services')
    .selectAll()
    .where('name', '=', input.serviceName.trim())
    .executeTakeFirst()
  if (!service) throw new ProviderError(`No service named ${JSON.stringify(input.serviceName)}`)

  const minQuantity = input.minQuantity ?? Math.max(service.min_quantity, remote.min_quantity)
  const maxQuantity = input.maxQuantity ?? Math.min(service.max_quantity, remote.max_quantity)
  if (minQuantity < remote.min_quantity || maxQuantity > remote.max_quantity || minQuantity > maxQuantity) {
    throw new ProviderError(
      `Limits ${minQuantity} - ${maxQuantity} do not fit ${provider.name}'s ${remote.min_quantity} - ${remote.max_quantity}`,
    )
  }
  const ratePer1k = input.ratePer1kMicros ?? service.rate_per_1k
  if (!Number.isSafeInteger(ratePer1k) || ratePer1k < 0) throw new ProviderError('Invalid rate')
  const updated = await db
    .updateTable('services')
    .set({
      provider_id: provider.id,
      remote_service_id: remote.remote_service_id,
      rate_per_1k: ratePer1k,
      min_quantity: minQuantity,
      max_quantity: maxQuantity,
      updated_at: input.now,
    })
    .where('id', '=', service.id)
    .returningAll()
    .executeTakeFirstOrThrow()
  invalidateServicesCache(db)
  return updated
}

// ---- The demo's simulator ---------------------------------------------------------------------------------

export const SIMULATOR_PROVIDER_NAME = 'Simulator'

/** Which simulator service each seeded service is placed as (simulator/catalogue.ts). */
export const SIMULATOR_SERVICE_IDS: Readonly<Record<string, string>> = {
  followers: '1',
  likes: '2',
  views: '3',
  retweets: '4',
  follows: '5',
  ai_comments: '6',
  ai_tweets: '7',
  premium_followers: '8',
}

/**
 * Points the default provider at the simulator the server mounts in demo mode: saved (its URL follows the
 * port of this start), its catalogue imported over HTTP, and every seeded service that is not mapped yet
 * mapped to its simulator service. Services an operator mapped elsewhere are left alone.
 */
export async function connectSimulatorProvider(
  db: Db,
  dataKey: Buffer,
  input: { apiUrl: string; apiKey: string; now: number; fetch?: typeof globalThis.fetch },
): Promise<{ provider: Provider; mapped: string[] }> {
  const { provider } = await saveProvider(db, dataKey, {
    name: SIMULATOR_PROVIDER_NAME,
    apiUrl: input.apiUrl,
    apiKey: input.apiKey,
    now: input.now,
  })
  await importProviderServices(
    db,
    provider,
    providerClient(provider, dataKey, input.fetch ? { fetch: input.fetch } : {}),
    input.now,
  )
  const unmapped = await db
    .selectFrom('services')
    .select('name')
    .where('provider_id', 'is', null)
    .where('name', 'in', Object.keys(SIMULATOR_SERVICE_IDS))
    .execute()
  const mapped: string[] = []
  for (const { name } of unmapped) {
    const remoteServiceId = SIMULATOR_SERVICE_IDS[name]
    if (remoteServiceId === undefined) continue
    await mapService(db, {
      serviceName: name,
      providerName: SIMULATOR_PROVIDER_NAME,
      remoteServiceId,
      now: input.now,
    })
    mapped.push(name)
  }
  return { provider, mapped }
}
