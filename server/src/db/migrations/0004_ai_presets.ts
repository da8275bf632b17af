import { type Kysely, sql } from 'kysely'

// AI settings:
// - users.ai_presets_at records when the two AI presets were created for a user, so they are created once:
//   a customer who deletes them does not get them back at the next /api/user/me;
// - AI setting ids are matched case-insensitively (DELETE /api/user/ai-settings/{id}, upsert by id), so two
//   ids differing only in case must not coexist: a unique index on lower(id) holds that on both databases.

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('users').addColumn('ai_presets_at', 'bigint').execute()
  await sql`create unique index ai_settings_user_id_lower on ai_settings (user_id, lower(id))`.execute(db)
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('ai_settings_user_id_lower').execute()
  await db.schema.alterTable('users').dropColumn('ai_presets_at').execute()
}
