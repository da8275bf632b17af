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
  /**
   * Customer calls with `auth`: the least role the signed-in person needs in the workspace the call acts in
   * (ADR 270), or 'person' for calls about the person themselves (password, two-factor, sessions, the
   * workspaces they belong to). A call that declares nothing is held to 'owner' until it does, and the access
   * matrix test fails for it.
   */
  workspaceRole?: schemas.WorkspaceRole | 'person'
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
