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

export async function createUpdate(
  db: Db,
  actor: Actor,
  input: UpdateInput,
  now: number,
): Promise<AdminUpdateResponse> {
  return published(
    db,
    db.transaction().execute(async (trx) => {
      const row = await trx
        .insertInto('updates')
        .values(updateValues(input, now))
        .returningAll()
        .executeTakeFirstOrThrow()
      const after = toAdminUpdate(row)
      await recordAudit(trx, {
        actor,
        action: 'update.create',
        target: `update:${after.id}`,
        before: null,
        after,
        reason: input.reason,
        now,
      })
      return after
    }),
  )
}

export async function editUpdate(
  db: Db,
  actor: Actor,
  id: number,
  input: UpdateInput,
  now: number,
): Promise<AdminUpdateResponse> {
  return published(
    db,
    db.transaction().execute(async (trx) => {
      const before = await findUpdate(trx, id)
      const row = await trx
        .updateTable('updates')
        .set({
          ...updateValues(input, now),
          ...(input.date === undefined ? { date_at: before.date_at } : {}),
        })
        .where('id', '=', id)
        .returningAll()
        .executeTakeFirstOrThrow()
      const after = toAdminUpdate(row)
      await recordAudit(trx, {
        actor,
        action: 'update.update',
        target: `update:${after.id}`,
        before: toAdminUpdate(before),
        after,
        reason: input.reason,
        now,
      })
      return after
    }),
  )
}

export async function deleteUpdate(
  db: Db,
  actor: Actor,
  id: number,
  reason: string | null,
  now: number,
): Promise<void> {
  await published(
    db,
    db.transaction().execute(async (trx) => {
      const before = await findUpdate(trx, id)
      await trx.deleteFrom('updates').where('id', '=', id).execute()
      await recordAudit(trx, {
        actor,
        action: 'update.delete',
        target: `update:${String(id)}`,
        before: toAdminUpdate(before),
        after: null,
        reason,
        now,
      })
    }),
  )
}

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

export async function createContactMethod(
  db: Db,
  actor: Actor,
  input: ContactInput,
  now: number,
): Promise<AdminContactMethod> {
  return published(
    db,
    db.transaction().execute(async (trx) => {
      const row = await trx
        .insertInto('contact_methods')
        .values(contactValues(input))
        .returningAll()
        .executeTakeFirstOrThrow()
      const after = toAdminContactMethod(row)
      await recordAudit(trx, {
        actor,
        action: 'contact_method.create',
        target: `contact_method:${after.id}`,
        before: null,
        after,
        reason: input.reason,
        now,
      })
      return after
    }),
  )
}

export async function editContactMethod(
  db: Db,
  actor: Actor,
  id: number,
  input: ContactInput,
  now: number,
): Promise<AdminContactMethod> {
  return published(
    db,
    db.transaction().execute(async (trx) => {
      const before = await findContactMethod(trx, id)
      const row = await trx
        .updateTable('contact_methods')
        .set(contactValues(input))
        .where('id', '=', id)
        .returningAll()
        .executeTakeFirstOrThrow()
      const after = toAdminContactMethod(row)
      await recordAudit(trx, {
        actor,
        action: 'contact_method.update',
        target: `contact_method:${after.id}`,
        before: toAdminContactMethod(before),
        after,
        reason: input.reason,
        now,
      })
      return after
    }),
  )
}

export async function deleteContactMethod(
  db: Db,
  actor: Actor,
  id: number,
  reason: string | null,
  now: number,
): Promise<void> {
  await published(
    db,
    db.transaction().execute(async (trx) => {
      const before = await findContactMethod(trx, id)
      await trx.deleteFrom('contact_methods').where('id', '=', id).execute()
      await recordAudit(trx, {
        actor,
        action: 'contact_method.delete',
        target: `contact_method:${String(id)}`,
        before: toAdminContactMethod(before),
        after: null,
        reason,
        now,
      })
    }),
  )
}
