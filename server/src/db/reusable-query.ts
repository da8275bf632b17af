import { type Compilable, CompiledQuery, type QueryResult, type RawBuilder } from 'kysely'
import { type Db, keepPrepared } from './connect'

// Kysely builds and compiles a query afresh on every call. For the statements run on every request (the
// session check, a customer's page) and on every order (its debit, ledger entry, job, spend count and activity
// line) that costs as much as SQLite takes to run them, and a new SQL text each time. A reusable query is built
// once per database with stand-in values, each distinct and impossible in real data; each call puts the real
// values in their places and sends the same text, which SQLite's statement cache (db/connect.ts) then finds at
// once. A transaction of a database shares its template. The builder answers a query builder or a raw `sql`
// statement.
//
// The builder must use each value only as a parameter, as it is: a value it computes with (limit + 1) or
// branches on (null or not) would not be found again. Pass such a value as an argument of its own; a value
// that may be null is passed as it is, and its stand-in is not null.

export type QueryValues = Record<string, number | string | null>

/** A stand-in for each value: distinct, impossible in real data, never null. */
export type StandIns<Values extends QueryValues> = { [Name in keyof Values]: NonNullable<Values[Name]> }

interface Template<Values> {
  sql: string
  slots: (keyof Values | undefined)[]
  fixed: unknown[]
}

export function reusableQuery<Values extends QueryValues, Row>(
  build: (db: Db, values: Values) => Compilable<Row> | RawBuilder<Row>,
  standIns: StandIns<Values>,
): (db: Db, values: Values) => Promise<QueryResult<Row>> {
  const names = Object.keys(standIns) as (keyof Values)[]
  if (new Set(names.map((name) => standIns[name])).size !== names.length) {
    throw new Error('Each stand-in value must be distinct')
  }
  // Keyed by the database's adapter, which its transactions share: the SQL depends on the dialect only.
  const templates = new WeakMap<object, Template<Values>>()
  return async (db, values) => {
    const key = db.getExecutor().adapter
    let template = templates.get(key)
    if (!template) {
      // A query builder compiles with its own database; a raw statement is given it.
      const compiled = build(db, standIns as Values).compile(db)
      const slots = compiled.parameters.map((parameter) => names.find((name) => standIns[name] === parameter))
      for (const name of names) {
        if (!slots.includes(name)) throw new Error(`The query does not use ${String(name)} as a parameter`)
      }
      template = { sql: keepPrepared(compiled.sql), slots, fixed: [...compiled.parameters] }
      templates.set(key, template)
    }
    const { sql, slots, fixed } = template
    const parameters = slots.map((name, index) => (name === undefined ? fixed[index] : values[name]))
    return db.executeQuery<Row>(CompiledQuery.raw(sql, parameters) as CompiledQuery<Row>)
  }
}
