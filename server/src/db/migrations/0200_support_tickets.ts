import { type ColumnDefinitionBuilder, type Kysely, sql } from 'kysely'
import { isPostgres } from '../dialect'

// Support tickets (ADR 220).
//
// support_tickets: a customer's question: its subject, optionally one of the customer's own orders, a status
// (open: waiting for support; answered: support replied last; closed), the operator who has it (or nobody),
// and when it was opened, last changed and closed. support_messages: the thread, oldest first; `author` says
// which side wrote (the owner, or an operator) and author_id who.
//
// The customer's list reads (user_id, id); the console's queue reads by status or by assignee, newest first.

export async function up(db: Kysely<unknown>): Promise<void> {
  const postgres = isPostgres(db)
  const id = (col: ColumnDefinitionBuilder) =>
    postgres ? col.generatedByDefaultAsIdentity().primaryKey() : col.autoIncrement().primaryKey()
  const idType = postgres ? 'bigint' : 'integer'

  await db.schema
    .createTable('support_tickets')
    .addColumn('id', idType, id)
    .addColumn('user_id', 'bigint', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('subject', 'text', (col) => col.notNull())
    .addColumn('order_id', 'bigint', (col) => col.references('orders.id').onDelete('set null'))
    .addColumn('status', 'text', (col) => col.notNull().check(sql`status in ('open', 'answered', 'closed')`))
    .addColumn('assignee_id', 'bigint', (col) => col.references('users.id').onDelete('set null'))
    .addColumn('created_at', 'bigint', (col) => col.notNull())
    .addColumn('updated_at', 'bigint', (col) => col.notNull())
    .addColumn('closed_at', 'bigint')
    .execute()
  await db.schema
    .createIndex('support_tickets_user')
    .on('support_tickets')
    .columns(['user_id', 'id'])
    .execute()
  await db.schema
    .createIndex('support_tickets_status')
    .on('support_tickets')
    .columns(['status', 'id'])
    .execute()
  await db.schema
    .createIndex('support_tickets_assignee')
    .on('support_tickets')
    .columns(['assignee_id', 'status', 'id'])
    .execute()

  await db.schema
    .createTable('support_messages')
    .addColumn('id', idType, id)
    .addColumn('ticket_id', 'bigint', (col) =>
      col.notNull().references('support_tickets.id').onDelete('cascade'),
    )
    .addColumn('author', 'text', (col) => col.notNull().check(sql`author in ('customer', 'operator')`))
    // No foreign key: a message keeps reading after its operator's account is gone.
    .addColumn('author_id', 'bigint', (col) => col.notNull())
    .addColumn('body', 'text', (col) => col.notNull())
    .addColumn('created_at', 'bigint', (col) => col.notNull())
    .execute()
  await db.schema
    .createIndex('support_messages_ticket')
    .on('support_messages')
    .columns(['ticket_id', 'id'])
    .execute()
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('support_messages').execute()
  await db.schema.dropTable('support_tickets').execute()
}
