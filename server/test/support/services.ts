import type { Db } from '../../src/db/connect'

export interface TestServiceOptions {
  min?: number
  max?: number
  isAi?: boolean
  enabled?: boolean
}

/** Adds a service with a rate in micro-USD per 1,000 units; answers its id. */
export async function addService(
  db: Db,
  name: string,
  ratePer1kMicros: number,
  options: TestServiceOptions = {},
): Promise<number> {
  const row = await db
    .insertInto('services')
    .values({
      name,
      category: 'test',
      description: '',
      rate_per_1k: ratePer1kMicros,
      min_quantity: options.min ?? 1,
      max_quantity: options.max ?? 10_000,
      is_ai: options.isAi ? 1 : 0,
      enabled: options.enabled === false ? 0 : 1,
      provider_id: null,
      remote_service_id: null,
      created_at: 0,
      updated_at: 0,
    })
    .returning('id')
    .executeTakeFirstOrThrow()
  return row.id
}

let linkCounter = 0

/** A target link no other order of the run uses. */
export function uniqueLink(): string {
  linkCounter += 1
  return `https://social.example/post/${process.pid}-${linkCounter}`
}
