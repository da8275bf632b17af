import type { Kysely } from 'kysely'

// Two-factor sign-in and the session list.
// - two_factor: one row per account that started enrolment. `secret` is the TOTP secret encrypted under
//   DATA_KEY (crypto/secrets.ts); `enabled_at` stays null until a code confirmed it; `last_step` is the TOTP
//   time step last accepted, so the same code cannot be used twice.
// - two_factor_recovery_codes: ten single-use codes per enrolment, only their SHA-256 stored.
// - two_factor_challenges: a password step that succeeded on an account with two-factor sign-in, waiting for
//   its code; found by the SHA-256 of its token, a few minutes and a few attempts long.
// - sessions gain the user agent and address they were created from, shown in Settings.

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('two_factor')
    .addColumn('user_id', 'bigint', (col) => col.primaryKey().references('users.id').onDelete('cascade'))
    .addColumn('secret', 'text', (col) => col.notNull())
    .addColumn('enabled_at', 'bigint')
    .addColumn('last_step', 'bigint')
    .addColumn('created_at', 'bigint', (col) => col.notNull())
    .execute()
  await db.schema
    .createTable('two_factor_recovery_codes')
    .addColumn('user_id', 'bigint', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('code_hash', 'text', (col) => col.notNull())
    .addColumn('used_at', 'bigint')
    .addPrimaryKeyConstraint('two_factor_recovery_codes_pk', ['user_id', 'code_hash'])
    .execute()
  await db.schema
    .createTable('two_factor_challenges')
    .addColumn('token_hash', 'text', (col) => col.primaryKey())
    .addColumn('user_id', 'bigint', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('attempts', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('expires_at', 'bigint', (col) => col.notNull())
    .addColumn('created_at', 'bigint', (col) => col.notNull())
    .execute()
  await db.schema
    .createIndex('two_factor_challenges_expiry')
    .on('two_factor_challenges')
    .column('expires_at')
    .execute()
  await db.schema.alterTable('sessions').addColumn('user_agent', 'text').execute()
  await db.schema.alterTable('sessions').addColumn('ip_address', 'text').execute()
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('sessions').dropColumn('ip_address').execute()
  await db.schema.alterTable('sessions').dropColumn('user_agent').execute()
  await db.schema.dropTable('two_factor_challenges').execute()
  await db.schema.dropTable('two_factor_recovery_codes').execute()
  await db.schema.dropTable('two_factor').execute()
}
