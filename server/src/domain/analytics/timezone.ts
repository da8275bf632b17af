import { DEFAULT_TIMEZONE, TIMEZONES } from '@engage/contract'
import type { Db } from '../../db/connect'

type Timezone = (typeof TIMEZONES)[number]

/** The profile timezone whose clock a reader's analytics or reports are on; anything unknown reads as UTC. */
export async function profileTimezone(db: Db, userId: number): Promise<Timezone> {
  const row = await db.selectFrom('users').select('timezone').where('id', '=', userId).executeTakeFirst()
  return TIMEZONES.find((timezone) => timezone === row?.timezone) ?? DEFAULT_TIMEZONE
}
