import { type Kysely, sql } from 'kysely'
import { isPostgres } from '../dialect'

// PostgreSQL: engage_refuse(reason), which raises an error (SQLSTATE EG001, its message the reason) and so
// aborts the statement that calls it, with every change that statement made. It lets one statement refuse
// itself after its data-modifying parts have run, as an order does when its debit found too little money: run
// on its own, outside any transaction, such a statement commits everything or nothing. Nothing on SQLite,
// where an order stays a transaction of several statements in the process.

export async function up(db: Kysely<unknown>): Promise<void> {
  if (!isPostgres(db)) return
  await sql`create function engage_refuse(reason text) returns integer language plpgsql volatile as $$
    begin
      raise exception using errcode = 'EG001', message = reason;
    end $$`.execute(db)
}

export async function down(db: Kysely<unknown>): Promise<void> {
  if (!isPostgres(db)) return
  await sql`drop function engage_refuse(text)`.execute(db)
}
