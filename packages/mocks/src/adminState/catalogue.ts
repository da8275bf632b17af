import {
  ACTIVE_ORDER_STATUSES,
  ADMIN_PROVIDER_NAME_TAKEN,
  ADMIN_SERVICE_NAME_TAKEN,
  isMaskedApiKey,
  type AdminProvider,
  type AdminProviderService,
  type AdminService,
  microsToUsd,
  PROVIDER_NOT_FOUND,
  providerHasActiveOrders,
  providerKeyRefused,
  providerUnreachable,
  SERVICE_NOT_FOUND,
  usdToMicros,
} from '@engage/contract'
import { MockRefusal } from '../state'
import { type AdminMockState, audit, type Body, find, nextId, nowIso } from './store'

// Services and providers.

function withProvider(state: AdminMockState, service: AdminService): AdminService {
  const provider = state.providers.find((candidate) => candidate.id === service.provider_id)
  const remote = state.providerServices
    .get(service.provider_id ?? '')
    ?.find((candidate) => candidate.remote_service_id === service.remote_service_id)
  return {
    ...service,
    provider_name: provider?.name ?? null,
    provider_rate_per_1k: remote?.rate_per_1k ?? null,
  }
}

export function createService(state: AdminMockState, body: Body<'adminCreateService'>): AdminService {
  if (state.services.some((service) => service.name === body.name)) {
    throw new MockRefusal(409, ADMIN_SERVICE_NAME_TAKEN, 'name')
  }
  const { reason, ...fields } = body
  const service = withProvider(state, {
    ...fields,
    id: nextId(state),
    provider_name: null,
    provider_rate_per_1k: null,
    created_at: nowIso(state),
    updated_at: nowIso(state),
  })
  state.services.push(service)
  audit(state, 'service.create', `service:${service.id}`, null, fields, reason)
  return service
}

export function updateService(
  state: AdminMockState,
  id: string,
  body: Body<'adminUpdateService'>,
): AdminService {
  const before = find(state.services, id, SERVICE_NOT_FOUND)
  const { reason, ...changes } = body
  const defined = Object.fromEntries(Object.entries(changes).filter(([, value]) => value !== undefined))
  if (
    typeof defined.name === 'string' &&
    state.services.some((service) => service.name === defined.name && service.id !== id)
  ) {
    throw new MockRefusal(409, ADMIN_SERVICE_NAME_TAKEN, 'name')
  }
  const after = withProvider(state, { ...before, ...defined, updated_at: nowIso(state) })
  state.services = state.services.map((service) => (service.id === id ? after : service))
  audit(state, 'service.update', `service:${id}`, before, after, reason)
  return after
}

/**
 * The server asks a new provider (or a new key) for its balance before saving; the mock's stand-in for that
 * call: a key starting with 'invalid' is refused, and an address on a '.invalid' host answers nothing.
 */
function checkProviderKey(apiUrl: string | undefined, apiKey: string | undefined): void {
  if (apiUrl !== undefined && new URL(apiUrl).hostname.endsWith('.invalid')) {
    throw new MockRefusal(422, providerUnreachable('no answer'), 'api_url')
  }
  if (apiKey?.startsWith('invalid')) {
    throw new MockRefusal(422, providerKeyRefused('Invalid API key'), 'api_key')
  }
}

export function createProvider(state: AdminMockState, body: Body<'adminCreateProvider'>): AdminProvider {
  if (state.providers.some((provider) => provider.name === body.name)) {
    throw new MockRefusal(409, ADMIN_PROVIDER_NAME_TAKEN, 'name')
  }
  checkProviderKey(body.api_url, body.api_key)
  const provider: AdminProvider = {
    id: nextId(state),
    name: body.name,
    api_url: body.api_url,
    api_key_masked: `••••••••${body.api_key.slice(-4)}`,
    enabled: true,
    margin_percent: null,
    services_count: 0,
    mapped_services_count: 0,
    created_at: nowIso(state),
    updated_at: nowIso(state),
  }
  state.providers.push(provider)
  audit(
    state,
    'provider.create',
    `provider:${provider.id}`,
    null,
    { name: provider.name, api_url: provider.api_url },
    body.reason,
  )
  return provider
}

export function updateProvider(
  state: AdminMockState,
  id: string,
  body: Body<'adminUpdateProvider'>,
): AdminProvider {
  const before = find(state.providers, id, PROVIDER_NOT_FOUND)
  checkProviderKey(
    body.api_url,
    body.api_key === undefined || isMaskedApiKey(body.api_key) ? undefined : body.api_key,
  )
  const after: AdminProvider = {
    ...before,
    ...(body.api_url === undefined ? {} : { api_url: body.api_url }),
    ...(body.enabled === undefined ? {} : { enabled: body.enabled }),
    ...(body.api_key === undefined ? {} : { api_key_masked: `••••••••${body.api_key.slice(-4)}` }),
    updated_at: nowIso(state),
  }
  state.providers = state.providers.map((provider) => (provider.id === id ? after : provider))
  audit(state, 'provider.update', `provider:${id}`, before, after, body.reason)
  return after
}

/** Deletes a provider none of whose orders is active; its services are left without a provider. */
export function deleteProvider(state: AdminMockState, id: string, reason: string | null): string {
  const provider = find(state.providers, id, PROVIDER_NOT_FOUND)
  const active = state.orders.filter(
    (order) =>
      order.provider_id === id && (ACTIVE_ORDER_STATUSES as readonly string[]).includes(order.status),
  )
  if (active.length > 0) {
    throw new MockRefusal(409, providerHasActiveOrders(active.map((order) => order.id)))
  }
  state.providers = state.providers.filter((candidate) => candidate.id !== id)
  state.providerServices.delete(id)
  state.services = state.services.map((service) =>
    service.provider_id === id
      ? {
          ...service,
          provider_id: null,
          provider_name: null,
          remote_service_id: null,
          provider_rate_per_1k: null,
        }
      : service,
  )
  audit(state, 'provider.delete', `provider:${id}`, provider, null, reason)
  return `Provider ${provider.name} deleted`
}

export function providerServices(state: AdminMockState, id: string): AdminProviderService[] {
  find(state.providers, id, PROVIDER_NOT_FOUND)
  return (state.providerServices.get(id) ?? []).map((remote) => ({
    ...remote,
    mapped_to: state.services
      .filter(
        (service) => service.provider_id === id && service.remote_service_id === remote.remote_service_id,
      )
      .map((service) => service.name),
  }))
}

/** The simulator-like catalogue a provider answers when imported for the first time. */
export function importProviderServices(
  state: AdminMockState,
  id: string,
  reason: string | null,
): AdminProviderService[] {
  const provider = find(state.providers, id, PROVIDER_NOT_FOUND)
  const existing = state.providerServices.get(id)
  const imported: AdminProviderService[] = (
    existing ??
    [
      ['201', 'Instagram Followers', 'Followers', 1.8],
      ['202', 'Instagram Likes', 'Likes', 0.7],
      ['203', 'YouTube Views', 'Views', 0.25],
    ].map(([remoteId, name, category, rate]) => ({
      provider_id: id,
      remote_service_id: String(remoteId),
      name: String(name),
      type: 'Default',
      category: String(category),
      rate_per_1k: Number(rate),
      min_quantity: 10,
      max_quantity: 50_000,
      refill: false,
      cancel: true,
      imported_at: nowIso(state),
      mapped_to: [],
    }))
  ).map((remote) => ({ ...remote, imported_at: nowIso(state) }))
  state.providerServices.set(id, imported)
  state.providers = state.providers.map((candidate) =>
    candidate.id === id
      ? { ...candidate, services_count: imported.length, updated_at: nowIso(state) }
      : candidate,
  )
  audit(state, 'provider.import', `provider:${provider.id}`, null, { services: imported.length }, reason)
  return providerServices(state, id)
}

export function setProviderMargin(state: AdminMockState, id: string, body: Body<'adminProviderMargin'>) {
  const before = find(state.providers, id, PROVIDER_NOT_FOUND)
  const remotes = state.providerServices.get(id) ?? []
  const repriced: AdminService[] = []
  state.services = state.services.map((service) => {
    const remote = remotes.find(
      (candidate) => service.provider_id === id && candidate.remote_service_id === service.remote_service_id,
    )
    if (!remote) return service
    const rateMicros = Math.ceil(usdToMicros(remote.rate_per_1k) * (1 + body.margin_percent / 100))
    const updated = { ...service, rate_per_1k: microsToUsd(rateMicros), updated_at: nowIso(state) }
    repriced.push(updated)
    return updated
  })
  const provider = { ...before, margin_percent: body.margin_percent, updated_at: nowIso(state) }
  state.providers = state.providers.map((candidate) => (candidate.id === id ? provider : candidate))
  audit(
    state,
    'provider.margin',
    `provider:${id}`,
    { margin_percent: before.margin_percent },
    { margin_percent: body.margin_percent },
    body.reason,
  )
  return { provider, services: repriced }
}
