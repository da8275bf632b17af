import type * as z from 'zod'
import type * as schemas from './schemas'

// The shape of one registry entry, shared by the customer registry (endpoints.ts) and the operator registry
// (adminEndpoints.ts).

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE'

export interface EndpointDefinition {
  method: HttpMethod
  /** OpenAPI-style path ('/api/orders/{id}/cancel'). */
  path: string
  /** True when the call needs `Authorization: Bearer <token>`; a missing or bad token answers 401. */
  auth: boolean
  /**
   * Operator calls (/api/admin/...): the least role the account needs; a customer's token answers 403, and a
   * support account on an 'admin' call 403 (ADR 070). Absent on customer calls.
   */
  role?: schemas.OperatorRole
  summary: string
  /** Path parameters ({id}, {provider}). */
  params?: z.ZodType
  /** Query string parameters. */
  query?: z.ZodType
  /** JSON body. */
  request?: z.ZodType
  /** JSON body of the 200 answer. Errors are always ErrorResponse ({ detail }). */
  response: z.ZodType
  /** The 200 answer's media type when it is not JSON (a CSV export); `response` then describes its text. */
  responseContentType?: 'text/csv'
  /** Response headers the client reads, with their meaning. */
  responseHeaders?: Readonly<Record<string, string>>
}
