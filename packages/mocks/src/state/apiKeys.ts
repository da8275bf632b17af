import { API_KEY_NOT_FOUND, type ApiKeySummary, type EndpointResponse } from '@engage/contract'
import { MockRefusal, type MockState, nextId } from './store'

// API keys.

/** A new key, answered whole once: 'ep_' and 43 characters, like the server's (not random: stories read it). */
export function createApiKey(state: MockState, name: string): EndpointResponse<'createApiKey'> {
  const id = nextId(state)
  const key = `ep_${`mock${id}`.padEnd(43, 'Zk4q')}`
  const summary: ApiKeySummary = {
    id,
    name,
    prefix: key.slice(0, 10),
    created_at: state.now().toISOString(),
    last_used_at: null,
    revoked_at: null,
  }
  state.apiKeys.unshift(summary)
  return { ...summary, key }
}

export function revokeApiKey(state: MockState, id: string): EndpointResponse<'revokeApiKey'> {
  const found = state.apiKeys.find((item) => item.id === id)
  if (!found) throw new MockRefusal(404, API_KEY_NOT_FOUND)
  found.revoked_at ??= state.now().toISOString()
  return found
}
