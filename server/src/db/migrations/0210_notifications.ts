import { type Kysely, sql } from 'kysely'
import { isPostgres } from '../dialect'

// Customer notifications (ADR 230).
// - notifications: what the bell lists. Written by the domain (domain/notifications) in the transaction of the
//   change it tells of; the texts are rendered when it is written, so the list and the e-mail say the same.
// - notification_preferences: one row per customer and kind whose e-mail switch differs from nothing: a kind
//   without a row takes its default (domain/notifications/preferences.ts), so a kind added later needs no row.
// - users.low_balance_threshold: micro-USD; null (the default) means no low-balance alert.
// - live_events gets the topic 'notification', written by triggers on notifications (a new one, one read or
//   all read), so an open panel's bell follows at once, in every tab (ADR 180).

const LIVE_TOPICS_BEFORE = `'order', 'balance', 'updates'`
const LIVE_TOPICS_AFTER = `'order', 'balance', 'updates', 'notification'`

export async function up(db: Kysely<unknown>): Promise<void> {
  const postgres = isPostgres(db)
  await db.schema
    .createTable('notifications')
    .addColumn('id', postgres ? 'bigint' : 'integer', (col) =>
      postgres ? col.generatedByDefaultAsIdentity().primaryKey() : col.autoIncrement().primaryKey(),
    )
    .addColumn('user_id', 'bigint', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('kind', 'text', (col) => col.notNull())
    .addColumn('title', 'text', (col) => col.notNull())
    .addColumn('body', 'text', (col) => col.notNull())
    .addColumn('link', 'text')
    .addColumn('payload', 'text', (col) => col.notNull())
    .addColumn('created_at', 'bigint', (col) => col.notNull())
    .addColumn('read_at', 'bigint')
    .execute()
  await db.schema.createIndex('notifications_user').on('notifications').columns(['user_id', 'id']).execute()
  await db.schema
    .createIndex('notifications_unread')
    .on('notifications')
    .column('user_id')
    .where(sql.ref('read_at'), 'is', null)
    .execute()

  await db.schema
    .createTable('notification_preferences')
    .addColumn('user_id', 'bigint', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('kind', 'text', (col) => col.notNull())
    .addColumn('email', 'integer', (col) => col.notNull())
    .addPrimaryKeyConstraint('notification_preferences_pk', ['user_id', 'kind'])
    .execute()

  await db.schema
    .alterTable('users')
    .addColumn('low_balance_threshold', 'bigint', (col) => col.check(sql`low_balance_threshold > 0`))
    .execute()

  if (postgres) {
    await setPostgresLiveTopics(db, LIVE_TOPICS_AFTER)
    await sql`
      create function live_events_notification() returns trigger language plpgsql as $$
      begin
        insert into live_events (user_id, topic, subject_id, created_at)
          values (new.user_id, 'notification', new.id, (extract(epoch from clock_timestamp()) * 1000)::bigint);
        perform pg_notify('live_events_' || current_schema(), '');
        return null;
      end
      $$`.execute(db)
    await sql`create trigger live_events_notification_added after insert on notifications
      for each row execute function live_events_notification()`.execute(db)
    await sql`create trigger live_events_notification_read after update of read_at on notifications
      for each row when (new.read_at is distinct from old.read_at) execute function live_events_notification()`.execute(
      db,
    )
  } else {
    await rebuildSqliteLiveEvents(db, LIVE_TOPICS_AFTER)
    const event = `insert into live_events (user_id, topic, subject_id, created_at)
      values (new.user_id, 'notification', new.id, cast((julianday('now') - 2440587.5) * 86400000 as integer));`
    await sql
      .raw(`create trigger live_events_notification_added after insert on notifications begin ${event} end`)
      .execute(db)
    await sql
      .raw(
        `create trigger live_events_notification_read after update of read_at on notifications
          when new.read_at is not old.read_at begin ${event} end`,
      )
      .execute(db)
  }
}

/** PostgreSQL names a column's check `<table>_<column>_check`; it is replaced in place. */
async function setPostgresLiveTopics(db: Kysely<unknown>, topics: string): Promise<void> {
  await sql`alter table live_events drop constraint live_events_topic_check`.execute(db)
  await sql
    .raw(`alter table live_events add constraint live_events_topic_check check (topic in (${topics}))`)
    .execute(db)
}

/**
 * SQLite cannot change a check: the table is copied into a new one with the new check, which takes its name.
 * With legacy_alter_table on, renaming does not re-check the other tables' triggers, which name live_events
 * and would otherwise fail the rename while no table has that name. The autoincrement sequence is carried
 * over, so ids keep rising even when every row had expired (a browser's Last-Event-ID stays meaningful).
 */
async function rebuildSqliteLiveEvents(db: Kysely<unknown>, topics: string): Promise<void> {
  const sequence = await sql<{
    seq: number
  }>`select seq from sqlite_sequence where name = 'live_events'`.execute(db)
  await sql`pragma legacy_alter_table = on`.execute(db)
  await sql
    .raw(
      `create table live_events_next (
        id integer primary key autoincrement,
        user_id bigint,
        topic text not null check (topic in (${topics})),
        subject_id bigint,
        created_at bigint not null)`,
    )
    .execute(db)
  await sql`insert into live_events_next (id, user_id, topic, subject_id, created_at)
    select id, user_id, topic, subject_id, created_at from live_events`.execute(db)
  await sql`drop table live_events`.execute(db)
  await sql`alter table live_events_next rename to live_events`.execute(db)
  await sql`pragma legacy_alter_table = off`.execute(db)
  const seq = sequence.rows[0]?.seq
  if (seq !== undefined) {
    await sql`update sqlite_sequence set seq = max(seq, ${seq}) where name = 'live_events'`.execute(db)
  }
  await db.schema.createIndex('live_events_user').on('live_events').columns(['user_id', 'id']).execute()
  await db.schema.createIndex('live_events_created').on('live_events').column('created_at').execute()
}

export async function down(db: Kysely<unknown>): Promise<void> {
  if (isPostgres(db)) {
    await sql`drop trigger if exists live_events_notification_added on notifications`.execute(db)
    await sql`drop trigger if exists live_events_notification_read on notifications`.execute(db)
    await sql`drop function if exists live_events_notification()`.execute(db)
    await sql`delete from live_events where topic = 'notification'`.execute(db)
    await setPostgresLiveTopics(db, LIVE_TOPICS_BEFORE)
  } else {
    await sql`drop trigger if exists live_events_notification_added`.execute(db)
    await sql`drop trigger if exists live_events_notification_read`.execute(db)
    await sql`delete from live_events where topic = 'notification'`.execute(db)
    await rebuildSqliteLiveEvents(db, LIVE_TOPICS_BEFORE)
  }
  await db.schema.alterTable('users').dropColumn('low_balance_threshold').execute()
  await db.schema.dropTable('notification_preferences').execute()
  await db.schema.dropTable('notifications').execute()
}
