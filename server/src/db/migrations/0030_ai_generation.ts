import { type Kysely, sql } from 'kysely'

// AI-written texts of ai_comments and ai_tweets orders. Each text is a row of its own, written in the
// transaction that records its batch, so a generation that fails half way keeps what the provider was already
// paid for and a retry asks only for the rest. order_ai_generations holds the tokens spent per order and which
// key paid for them.

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('order_texts')
    .addColumn('order_id', 'bigint', (col) => col.notNull().references('orders.id').onDelete('cascade'))
    // 0-based: the line of the text in the `comments` sent upstream.
    .addColumn('position', 'integer', (col) => col.notNull())
    .addColumn('text', 'text', (col) => col.notNull())
    .addColumn('created_at', 'bigint', (col) => col.notNull())
    .addPrimaryKeyConstraint('order_texts_pk', ['order_id', 'position'])
    .execute()

  await db.schema
    .createTable('order_ai_generations')
    .addColumn('order_id', 'bigint', (col) => col.primaryKey().references('orders.id').onDelete('cascade'))
    .addColumn('provider', 'text', (col) => col.notNull())
    .addColumn('model', 'text', (col) => col.notNull())
    // Whose key paid: the AI setting's own ('customer') or the default one from the environment ('operator').
    .addColumn('key_source', 'text', (col) =>
      col.notNull().check(sql`key_source in ('customer', 'operator')`),
    )
    .addColumn('prompt_tokens', 'bigint', (col) => col.notNull().defaultTo(0))
    .addColumn('completion_tokens', 'bigint', (col) => col.notNull().defaultTo(0))
    .addColumn('started_at', 'bigint', (col) => col.notNull())
    .addColumn('completed_at', 'bigint')
    .addColumn('updated_at', 'bigint', (col) => col.notNull())
    .execute()
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('order_ai_generations').execute()
  await db.schema.dropTable('order_texts').execute()
}
