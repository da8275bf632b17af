import type { Kysely } from 'kysely'

// Google sign-in: one row per popup that went to Google and has not come back yet. The callback
// deletes its row as it reads it, so a state works once; rows left by abandoned popups expire after ten
// minutes and are pruned when the next sign-in starts.

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('google_signin_states')
    .addColumn('state_hash', 'text', (col) => col.primaryKey())
    .addColumn('nonce', 'text', (col) => col.notNull())
    .addColumn('code_verifier', 'text', (col) => col.notNull())
    .addColumn('expires_at', 'bigint', (col) => col.notNull())
    .addColumn('created_at', 'bigint', (col) => col.notNull())
    .execute()
  await db.schema
    .createIndex('google_signin_states_expiry')
    .on('google_signin_states')
    .column('expires_at')
    .execute()
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('google_signin_states').execute()
}
