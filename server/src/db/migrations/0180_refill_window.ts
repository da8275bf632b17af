import { type Kysely, sql } from 'kysely'
import { isPostgres } from '../dialect'

// The refill window: how many days after an order completed its customer may still ask for a refill, per
// service (services.refill_days, 30 unless the operator says otherwise). The `refill` flag still says whether
// the service offers refills at all; the window only says for how long.
//
// refills_order: an order's refills newest first, read with every page of orders (its latest refill) and by
// the console; the partial unique index of 0050 holds only the active ones.
//
// A refill that starts or changes writes an 'order' live event for its order, like a change of the order
// itself, so the customer's open page reads the order (and the refill on it) again.

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('services')
    .addColumn('refill_days', 'integer', (col) =>
      col
        .notNull()
        .defaultTo(30)
        .check(sql`refill_days between 1 and 365`),
    )
    .execute()
  await db.schema.createIndex('refills_order').on('refills').columns(['order_id', 'id']).execute()

  if (isPostgres(db)) {
    // The function of 0170 again, with the refills' branch.
    await sql`
      create or replace function live_events_record() returns trigger language plpgsql as $$
      declare
        now_ms bigint := (extract(epoch from clock_timestamp()) * 1000)::bigint;
      begin
        if tg_table_name = 'orders' then
          insert into live_events (user_id, topic, subject_id, created_at) values (new.user_id, 'order', new.id, now_ms);
        elsif tg_table_name = 'refills' then
          insert into live_events (user_id, topic, subject_id, created_at)
            values (new.user_id, 'order', new.order_id, now_ms);
        elsif tg_table_name = 'users' then
          insert into live_events (user_id, topic, subject_id, created_at) values (new.id, 'balance', null, now_ms);
        else
          insert into live_events (user_id, topic, subject_id, created_at) values (null, 'updates', null, now_ms);
        end if;
        perform pg_notify('live_events_' || current_schema(), '');
        return null;
      end
      $$`.execute(db)
    await sql`create trigger live_events_refill_requested after insert on refills
      for each row execute function live_events_record()`.execute(db)
    await sql`create trigger live_events_refill_changed after update on refills
      for each row when (new.status is distinct from old.status) execute function live_events_record()`.execute(
      db,
    )
  } else {
    const refillEvent = `insert into live_events (user_id, topic, subject_id, created_at)
      values (new.user_id, 'order', new.order_id, cast((julianday('now') - 2440587.5) * 86400000 as integer));`
    await sql
      .raw(`create trigger live_events_refill_requested after insert on refills begin ${refillEvent} end`)
      .execute(db)
    await sql
      .raw(
        `create trigger live_events_refill_changed after update on refills
          when new.status is not old.status begin ${refillEvent} end`,
      )
      .execute(db)
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const name of ['live_events_refill_requested', 'live_events_refill_changed']) {
    await sql.raw(`drop trigger if exists ${name}${isPostgres(db) ? ' on refills' : ''}`).execute(db)
  }
  await db.schema.dropIndex('refills_order').execute()
  await db.schema.alterTable('services').dropColumn('refill_days').execute()
}
