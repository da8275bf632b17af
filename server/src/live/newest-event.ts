import type { Db } from '../db/connect'

/**
 * The id of the newest live update (null before the first): a page whose data is read after this knows every
 * change up to it, so its stream can start after it.
 */
export async function newestLiveEventId(db: Db): Promise<string | null> {
  const newest = await db
    .selectFrom('live_events')
    .select((eb) => eb.fn.max('id').as('id'))
    .executeTakeFirst()
  return newest?.id == null ? null : String(newest.id)
}
