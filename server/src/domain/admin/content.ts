import {
  type AdminContactMethod,
  type AdminContactMethodInput,
  type AdminUpdateInput,
  type AdminUpdateResponse,
  CONTACT_METHOD_NOT_FOUND,
  UPDATE_NOT_FOUND,
} from '@engage/contract'
import type { Selectable } from 'kysely'
import type * as z from 'zod'
import type { Db } from '../../db/connect'
import type { ContactMethodsTable, UpdatesTable } from '../../db/schema'
import { invalidatePanelContent } from '../panel-content'
import { recordAudit } from './audit'
import { type Actor, AdminRefusal, iso } from './common'

// What customers see on the dashboard's Updates and Contact Us tabs (panel-content.ts reads them). This is how
// the product answers its users: it has no ticket system, so support publishes updates and keeps the contact
// methods right (ADR 070).

type UpdateInput = z.output<typeof AdminUpdateInput>
type ContactInput = z.output<typeof AdminContactMethodInput>

function toAdminUpdate(row: Selectable<UpdatesTable>): AdminUpdateResponse {
  return {
    id: String(row.id),
    icon: row.icon,
    title: row.title,
    text: row.text,
    date: iso(row.date_at),
    url: row.url,
  }
}

function toAdminContactMethod(row: Selectable<ContactMethodsTable>): AdminContactMethod {
  return {
    id: String(row.id),
    icon: row.icon,
    title: row.title,
    value: row.value,
    text: row.text,
    url: row.url,
    sort_order: row.sort_order,
  }
}

export async function listAdminUpdates(db: Db): Promise<AdminUpdateResponse[]> {
  const rows = await db
    .selectFrom('updates')
    .selectAll()
    .orderBy('date_at', 'desc')
    .orderBy('id', 'desc')
    .execute()
  return rows.map(toAdminUpdate)
}

async function findUpdate(db: Db, id: number) {
  const row = await db.selectFrom('updates').selectAll().where('id', '=', id).executeTakeFirst()
  if (!row) throw new AdminRefusal(404, UPDATE_NOT_FOUND)
  return row
}

function updateValues(input: UpdateInput, now: number) {
  return {
    icon: input.icon,
    title: input.title,
    text: input.text,
    url: input.url,
    date_at: input.date === undefined ? now : Date.parse(input.date),
  }
}

/** `change` once committed, after which customers' pages show it (the tabs are kept in memory for a while). */
async function published<T>(db: Db, change: Promise<T>): Promise<T> {
  const result = await change
  invalidatePanelContent(db)
  return result
}

/** How one kind of content is stored: the queries differ per table, the audited writes around them do not. */
interface ContentStore<Row, Answer extends { id: string }, Input extends { reason: string | null }> {
  /** The audit log's name of the kind: actions '<kind>.create' ..., targets '<kind>:<id>'. */
  kind: 'update' | 'contact_method'
  find(trx: Db, id: number): Promise<Row>
  insert(trx: Db, input: Input, now: number): Promise<Row>
  replace(trx: Db, id: number, input: Input, before: Row, now: number): Promise<Row>
  remove(trx: Db, id: number): Promise<void>
  toAnswer(row: Row): Answer
}

/** Create, edit and delete of one kind of content: each one transaction with its audit entry, then published. */
function auditedWrites<Row, Answer extends { id: string }, Input extends { reason: string | null }>(
  store: ContentStore<Row, Answer, Input>,
) {
  const { kind } = store
  return {
    create: (db: Db, actor: Actor, input: Input, now: number): Promise<Answer> =>
      published(
        db,
        db.transaction().execute(async (trx) => {
          const after = store.toAnswer(await store.insert(trx, input, now))
          await recordAudit(trx, {
            actor,
            action: `${kind}.create`,
            target: `${kind}:${after.id}`,
            before: null,
            after,
            reason: input.reason,
            now,
          })
          return after
        }),
      ),
    edit: (db: Db, actor: Actor, id: number, input: Input, now: number): Promise<Answer> =>
      published(
        db,
        db.transaction().execute(async (trx) => {
          const before = await store.find(trx, id)
          const after = store.toAnswer(await store.replace(trx, id, input, before, now))
          await recordAudit(trx, {
            actor,
            action: `${kind}.update`,
            target: `${kind}:${after.id}`,
            before: store.toAnswer(before),
            after,
            reason: input.reason,
            now,
          })
          return after
        }),
      ),
    remove: (db: Db, actor: Actor, id: number, reason: string | null, now: number): Promise<void> =>
      published(
        db,
        db.transaction().execute(async (trx) => {
          const before = await store.find(trx, id)
          await store.remove(trx, id)
          await recordAudit(trx, {
            actor,
            action: `${kind}.delete`,
            target: `${kind}:${String(id)}`,
            before: store.toAnswer(before),
            after: null,
            reason,
            now,
          })
        }),
      ),
  }
}

const updateWrites = auditedWrites<Selectable<UpdatesTable>, AdminUpdateResponse, UpdateInput>({
  kind: 'update',
  find: findUpdate,
  insert: (trx, input, now) =>
    trx.insertInto('updates').values(updateValues(input, now)).returningAll().executeTakeFirstOrThrow(),
  // An edit without a date keeps the update's date.
  replace: (trx, id, input, before, now) =>
    trx
      .updateTable('updates')
      .set({ ...updateValues(input, now), ...(input.date === undefined ? { date_at: before.date_at } : {}) })
      .where('id', '=', id)
      .returningAll()
      .executeTakeFirstOrThrow(),
  remove: async (trx, id) => {
    await trx.deleteFrom('updates').where('id', '=', id).execute()
  },
  toAnswer: toAdminUpdate,
})

export const createUpdate = updateWrites.create
export const editUpdate = updateWrites.edit
export const deleteUpdate = updateWrites.remove

export async function listAdminContactMethods(db: Db): Promise<AdminContactMethod[]> {
  const rows = await db
    .selectFrom('contact_methods')
    .selectAll()
    .orderBy('sort_order')
    .orderBy('id')
    .execute()
  return rows.map(toAdminContactMethod)
}

async function findContactMethod(db: Db, id: number) {
  const row = await db.selectFrom('contact_methods').selectAll().where('id', '=', id).executeTakeFirst()
  if (!row) throw new AdminRefusal(404, CONTACT_METHOD_NOT_FOUND)
  return row
}

function contactValues(input: ContactInput) {
  return {
    icon: input.icon,
    title: input.title,
    value: input.value,
    text: input.text,
    url: input.url,
    sort_order: input.sort_order,
  }
}

const contactWrites = auditedWrites<Selectable<ContactMethodsTable>, AdminContactMethod, ContactInput>({
  kind: 'contact_method',
  find: findContactMethod,
  insert: (trx, input) =>
    trx.insertInto('contact_methods').values(contactValues(input)).returningAll().executeTakeFirstOrThrow(),
  replace: (trx, id, input) =>
    trx
      .updateTable('contact_methods')
      .set(contactValues(input))
      .where('id', '=', id)
      .returningAll()
      .executeTakeFirstOrThrow(),
  remove: async (trx, id) => {
    await trx.deleteFrom('contact_methods').where('id', '=', id).execute()
  },
  toAnswer: toAdminContactMethod,
})

export const createContactMethod = contactWrites.create
export const editContactMethod = contactWrites.edit
export const deleteContactMethod = contactWrites.remove
