// Upstream providers, their services, and the panel's services mapped to them.

import {
  type AdminProvider,
  type AdminProviderService,
  type AdminService,
  DEFAULT_REFILL_DAYS,
  microsToUsd,
  usdToMicros,
} from '@engage/contract'
import { fixtureServices, hoursBefore } from '../fixtures'

export function fixtureAdminProviders(): AdminProvider[] {
  return [
    {
      id: '1',
      name: 'SMM Central',
      api_url: 'https://smmcentral.example/api/v2',
      api_key_masked: '••••••••9f2c',
      enabled: true,
      margin_percent: 25,
      services_count: 6,
      mapped_services_count: 4,
      created_at: hoursBefore(2000),
      updated_at: hoursBefore(48),
    },
    {
      id: '2',
      name: 'Boost Wholesale',
      api_url: 'https://boostwholesale.example/api/v2',
      api_key_masked: '••••••••41ad',
      enabled: false,
      margin_percent: null,
      services_count: 0,
      mapped_services_count: 0,
      created_at: hoursBefore(300),
      updated_at: hoursBefore(300),
    },
  ]
}

/** SMM Central's catalogue as last imported; our rate is theirs + 25 %. */
export function fixtureAdminProviderServices(): AdminProviderService[] {
  const remote = (
    id: string,
    name: string,
    category: string,
    rate: number,
    mappedTo: string[],
  ): AdminProviderService => ({
    provider_id: '1',
    remote_service_id: id,
    name,
    type: name.includes('Comments') ? 'Custom Comments' : 'Default',
    category,
    rate_per_1k: rate,
    min_quantity: 10,
    max_quantity: 100_000,
    refill: category !== 'Views',
    cancel: true,
    imported_at: hoursBefore(48),
    mapped_to: mappedTo,
  })
  return [
    remote('101', 'Instagram Followers [Real]', 'Followers', 2, ['followers']),
    remote('102', 'Instagram Likes [Fast]', 'Likes', 0.96, ['likes']),
    remote('103', 'YouTube Views [HQ]', 'Views', 0.32, ['views']),
    remote('104', 'X Retweets', 'Retweets', 2.4, ['retweets']),
    remote('105', 'X Custom Comments', 'Comments', 36, []),
    remote('106', 'TikTok Views', 'Views', 0.08, []),
  ]
}

export function fixtureAdminServices(): AdminService[] {
  const remoteByName = new Map(
    fixtureAdminProviderServices().flatMap((remote) =>
      remote.mapped_to.map((name) => [name, remote] as const),
    ),
  )
  return Object.entries(fixtureServices).map(([name, ratePerUnit], index) => {
    const remote = remoteByName.get(name)
    return {
      id: String(index + 1),
      name,
      category: name.startsWith('ai_') ? 'AI' : 'Social',
      description: `${name.replace(/_/g, ' ')} for your profile or post`,
      rate_per_1k: microsToUsd(usdToMicros(ratePerUnit) * 1000),
      min_quantity: name.startsWith('ai_') ? 5 : 10,
      max_quantity: name.startsWith('ai_') ? 500 : 10_000,
      is_ai: name.startsWith('ai_'),
      enabled: name !== 'premium_followers',
      refill: name === 'followers',
      refill_days: DEFAULT_REFILL_DAYS,
      cancel: true,
      provider_id: remote ? '1' : null,
      provider_name: remote ? 'SMM Central' : null,
      remote_service_id: remote?.remote_service_id ?? null,
      provider_rate_per_1k: remote?.rate_per_1k ?? null,
      created_at: hoursBefore(2000),
      updated_at: hoursBefore(48 + index),
    }
  })
}
