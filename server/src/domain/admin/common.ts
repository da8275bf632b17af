import { CURSOR_INVALID } from '@engage/contract'
import { sql } from 'kysely'
import type { Role } from '../../db/schema'

// What every operator action shares: who acts, the refusal the routes turn into `{ detail, field }`, keyset
// cursors and the conversions of stored values (micro-USD, epoch milliseconds) to the contract's shapes.

/** The signed-in operator, as requireAuth and requireRole leave them. */
export interface Actor {
  id: number
  email: string
  role: Role
}

/** A refusal with its status and, for a field at fault, the field the console places the message beside. */
export class AdminRefusal extends Error {
  override name = 'AdminRefusal'
  constructor(
    readonly status: 400 | 404 | 409 | 422 | 502,
    readonly detail: string,
    readonly field?: string,
  ) {
    super(detail)
  }
}

/** Lists page newest first by id; a cursor is the id of the previous page's last row. */
export function parseIdCursor(cursor: string | undefined): number | undefined {
  if (cursor === undefined) return undefined
  if (!/^[1-9]\d{0,14}$/.test(cursor)) throw new AdminRefusal(422, `cursor: ${CURSOR_INVALID}`, 'cursor')
  return Number(cursor)
}

/** Of `limit + 1` rows read, the page and the next cursor (null on the last page). */
export function pageOf<Row extends { id: number }>(
  rows: Row[],
  limit: number,
): { rows: Row[]; nextCursor: string | null } {
  const page = rows.slice(0, limit)
  const last = page.at(-1)
  return { rows: page, nextCursor: rows.length > limit && last ? String(last.id) : null }
}

/** A path id ('42') as a row id, or the not-found refusal for anything that cannot be one. */
export function parseRowId(text: string, notFound: string): number {
  const trimmed = text.trim()
  if (!/^[1-9]\d{0,14}$/.test(trimmed)) throw new AdminRefusal(404, notFound)
  return Number(trimmed)
}

export function iso(instant: number): string {
  return new Date(Number(instant)).toISOString()
}

export function isoOrNull(instant: number | null): string | null {
  return instant === null ? null : iso(instant)
}

/** A case-insensitive substring test of a text column, with LIKE's wildcards in `needle` taken literally. */
export function containsText(column: string, needle: string) {
  const pattern = `%${needle.toLowerCase().replace(/[\\%_]/g, (character) => `\\${character}`)}%`
  return sql<boolean>`lower(${sql.ref(column)}) like ${pattern} escape '\\'`
}
