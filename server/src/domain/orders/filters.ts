import { orderIdOfSearch, type OrderFilterQuery } from '@engage/contract'
import { type ExpressionBuilder, type Expression, type SqlBool, sql } from 'kysely'
import type { Database } from '../../db/schema'

// The filters of an order list (the customer's, the console's, and their CSV exports): one condition built
// once, so the list and the export of the same filters always select the same orders.

/** `lower(column) like '%needle%'`, the needle's own %, _ and \ taken literally. */
export function linkContains(needle: string) {
  const pattern = `%${needle.toLowerCase().replace(/[\\%_]/g, (character) => `\\${character}`)}%`
  return sql<SqlBool>`lower(${sql.ref('orders.target_url')}) like ${pattern} escape '\\'`
}

/**
 * The condition the filters put on `orders`. A search that reads as an order id ('1042', '#1042') finds that
 * order or links containing it; any other search is a part of the link.
 */
export function orderFilterCondition(filter: OrderFilterQuery) {
  return (eb: ExpressionBuilder<Database, 'orders'>): Expression<SqlBool> => {
    const conditions: Expression<SqlBool>[] = []
    if (filter.search !== undefined) {
      const id = orderIdOfSearch(filter.search)
      conditions.push(
        id === null
          ? linkContains(filter.search)
          : eb.or([eb('orders.id', '=', id), linkContains(filter.search)]),
      )
    }
    if (filter.status !== undefined) conditions.push(eb('orders.status', '=', filter.status))
    if (filter.service !== undefined) conditions.push(eb('orders.service_type', '=', filter.service))
    if (filter.from !== undefined) conditions.push(eb('orders.created_at', '>=', Date.parse(filter.from)))
    if (filter.to !== undefined) conditions.push(eb('orders.created_at', '<', Date.parse(filter.to)))
    return eb.and(conditions)
  }
}
