import { type ColumnDefinitionBuilder, type Kysely, sql } from 'kysely'
import { isPostgres } from '../dialect'

// live_events: the outbox of the live updates (ADR 180). One row per change a signed-in customer's open page
// should learn of: an order placed or changed ('order', subject_id = the order), a balance that moved
// ('balance'), the panel's updates edited ('updates', user_id null: every customer). Rows are written by
// triggers, so they belong to the very transaction that makes the change, whichever code path makes it: they
// are seen once it commits and never when it rolls back. created_at is the database's clock (milliseconds);
// rows past the retention are deleted by the API processes.
//
// On PostgreSQL the trigger also calls pg_notify, which the server delivers at commit only; API processes
// LISTEN on the channel named after the schema, and read the new rows when woken.

/** The columns of an order a customer sees change; other writes (leases, upstream bookkeeping) push nothing. */
const WATCHED_ORDER_COLUMNS = ['status', 'remains', 'start_count', 'refunded', 'paused_reason'] as const

export async function up(db: Kysely<unknown>): Promise<void> {
  const postgres = isPostgres(db)
  const id = (col: ColumnDefinitionBuilder) =>
    postgres ? col.generatedByDefaultAsIdentity().primaryKey() : col.autoIncrement().primaryKey()
  await db.schema
    .createTable('live_events')
    .addColumn('id', postgres ? 'bigint' : 'integer', id)
    // No foreign key: deleting a user must not wait on, or cascade through, a log that expires by itself.
    .addColumn('user_id', 'bigint')
    .addColumn('topic', 'text', (col) => col.notNull().check(sql`topic in ('order', 'balance', 'updates')`))
    .addColumn('subject_id', 'bigint')
    .addColumn('created_at', 'bigint', (col) => col.notNull())
    .execute()
  await db.schema.createIndex('live_events_user').on('live_events').columns(['user_id', 'id']).execute()
  await db.schema.createIndex('live_events_created').on('live_events').column('created_at').execute()

  if (postgres) await createPostgresTriggers(db)
  else await createSqliteTriggers(db)
}

async function createPostgresTriggers(db: Kysely<unknown>): Promise<void> {
  const changed = sql.raw(
    WATCHED_ORDER_COLUMNS.map((column) => `new.${column} is distinct from old.${column}`).join(' or '),
  )
  await sql`
    create function live_events_record() returns trigger language plpgsql as $$
    declare
      now_ms bigint := (extract(epoch from clock_timestamp()) * 1000)::bigint;
    begin
      if tg_table_name = 'orders' then
        insert into live_events (user_id, topic, subject_id, created_at) values (new.user_id, 'order', new.id, now_ms);
      elsif tg_table_name = 'users' then
        insert into live_events (user_id, topic, subject_id, created_at) values (new.id, 'balance', null, now_ms);
      else
        insert into live_events (user_id, topic, subject_id, created_at) values (null, 'updates', null, now_ms);
      end if;
      -- Delivered when the transaction commits, and only then; equal notifications of one transaction are
      -- delivered once.
      perform pg_notify('live_events_' || current_schema(), '');
      return null;
    end
    $$`.execute(db)
  await sql`create trigger live_events_order_placed after insert on orders
    for each row execute function live_events_record()`.execute(db)
  await sql`create trigger live_events_order_changed after update on orders
    for each row when (${changed}) execute function live_events_record()`.execute(db)
  await sql`create trigger live_events_balance after update of balance on users
    for each row when (new.balance is distinct from old.balance) execute function live_events_record()`.execute(
    db,
  )
  await sql`create trigger live_events_updates after insert or update or delete on updates
    for each statement execute function live_events_record()`.execute(db)
}

async function createSqliteTriggers(db: Kysely<unknown>): Promise<void> {
  const nowMs = `cast((julianday('now') - 2440587.5) * 86400000 as integer)`
  const changed = WATCHED_ORDER_COLUMNS.map((column) => `new.${column} is not old.${column}`).join(' or ')
  const orderEvent = `insert into live_events (user_id, topic, subject_id, created_at)
    values (new.user_id, 'order', new.id, ${nowMs});`
  const updatesEvent = `insert into live_events (user_id, topic, subject_id, created_at)
    values (null, 'updates', null, ${nowMs});`
  for (const statement of [
    `create trigger live_events_order_placed after insert on orders begin ${orderEvent} end`,
    `create trigger live_events_order_changed after update on orders when ${changed} begin ${orderEvent} end`,
    `create trigger live_events_balance after update of balance on users when new.balance is not old.balance
      begin insert into live_events (user_id, topic, subject_id, created_at)
      values (new.id, 'balance', null, ${nowMs}); end`,
    ...['insert', 'update', 'delete'].map(
      (operation) =>
        `create trigger live_events_updates_${operation} after ${operation} on updates begin ${updatesEvent} end`,
    ),
  ]) {
    await sql.raw(statement).execute(db)
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  const triggers: [string, string][] = [
    ['live_events_order_placed', 'orders'],
    ['live_events_order_changed', 'orders'],
    ['live_events_balance', 'users'],
  ]
  if (isPostgres(db)) {
    for (const [name, table] of [...triggers, ['live_events_updates', 'updates']]) {
      await sql.raw(`drop trigger if exists ${name} on ${table}`).execute(db)
    }
    await sql`drop function if exists live_events_record()`.execute(db)
  } else {
    for (const name of [
      ...triggers.map(([trigger]) => trigger),
      ...['insert', 'update', 'delete'].map((operation) => `live_events_updates_${operation}`),
    ]) {
      await sql.raw(`drop trigger if exists ${name}`).execute(db)
    }
  }
  await db.schema.dropTable('live_events').execute()
}
