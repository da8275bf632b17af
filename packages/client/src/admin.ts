// The operator console's API client: one typed function per /api/admin/... endpoint of the contract's registry
//. It speaks like createClient (same transport and retries, the same ApiError with the server's
// `detail`), but it is its own object so that the customer pages' client carries none of it: the console
// builds it in its lazily loaded chunk.

import {
  adminEndpoints,
  AUTHENTICATION_REQUIRED,
  buildPath,
  GENERIC_ERROR,
  requestFailedWithStatus,
  roleAllows,
  type AdminEndpointName,
  type AnalyticsGranularity,
  type EndpointRequest,
  type EndpointResponse,
  type OperatorRole,
  type ReportTable,
} from '@engage/contract'
import type { ClientOptions } from './createClient'
import { downloadFile, filterQueryText } from './downloads'
import { ApiError } from './errors'
import {
  DEFAULT_RETRY_DELAYS,
  errorTextOf,
  NetworkFailure,
  readJson,
  realSleep,
  sendWithSharedRetries,
  type RetryDelays,
} from './transport'

export type { AdminEndpointName }

/** The least role an operator endpoint needs (the registry is the one source of the permission matrix). */
export function requiredRole(name: AdminEndpointName): OperatorRole {
  return adminEndpoints[name].role
}

/** Whether an operator with `role` may make the call `name` (the console hides what it may not). */
export function canCall(role: string | null | undefined, name: AdminEndpointName): boolean {
  return typeof role === 'string' && roleAllows(role, requiredRole(name))
}

type Body<Name extends AdminEndpointName> = EndpointRequest<Name>
type Answer<Name extends AdminEndpointName> = EndpointResponse<Name>

/** Filters and paging of a list call, as its query string takes them (undefined and '' are left out). */
type Query = Record<string, string | number | undefined>

/** The filters of GET /api/admin/orders and its CSV export. */
export interface AdminOrderFilters {
  /** An order id or a part of the link. */
  search?: string
  status?: string
  service?: string
  /** ISO instants: from inclusive, to exclusive. */
  from?: string
  to?: string
  /** A user id or an email. */
  user?: string
  /** A substring of the target URL. */
  link?: string
}

/** The range of GET /api/admin/reports and its CSV export, on the operator's clock (dates 'YYYY-MM-DD'). */
export interface AdminReportRange {
  from: string
  /** The last day, included. */
  to: string
  granularity?: AnalyticsGranularity
  /** How many top customers (1 to 100, 10 unless given). */
  top?: number
}

/** The filters of GET /api/admin/users. */
export interface AdminUserFilters {
  /** A substring of the email or username. */
  q?: string
  role?: string
}

/** The filters of GET /api/admin/payments. */
export interface AdminPaymentFilters {
  status?: string
  gateway?: string
  user?: string
}

/** The filters of GET /api/admin/audit. */
export interface AdminAuditFilters {
  action?: string
  /** 'order:42' or a kind ('order'). */
  target?: string
  /** The operator's user id. */
  actor?: string
}

/** The filters of GET /api/admin/tickets. */
export interface AdminTicketFilters {
  status?: string
  /** An operator's user id, 'me' or 'none'. */
  assignee?: string
}

/** Paging of a list call: the `nextCursor` of the previous page and a page size. */
export interface AdminPageOptions {
  cursor?: string
  limit?: number
  signal?: AbortSignal
}

interface CallInput {
  params?: Record<string, string>
  query?: Query
  body?: unknown
  signal?: AbortSignal
  /** The write's Idempotency-Key; a fresh one per call when the caller keeps none. */
  idempotencyKey?: string
}

/** A create that a console dialog may send more than once: each send of one dialog carries the same key. */
export interface AdminCreateOptions {
  /** The dialog's key (newAdminIdempotencyKey when it opened): the server answers a repeat with the first answer. */
  idempotencyKey?: string
}

function withoutBlanks(query: Query): Query {
  return Object.fromEntries(
    Object.entries(query).filter(([, value]) => value !== undefined && String(value).trim() !== ''),
  )
}

/** A new idempotency key for an operator action (adjust balance, refund, a create dialog): one per intended action. */
export function newAdminIdempotencyKey(): string {
  return globalThis.crypto.randomUUID()
}

export function createAdminClient(options: ClientOptions) {
  const baseUrl = options.baseUrl.replace(/\/+$/, '')
  const fetchFunction = options.fetch ?? ((input: string, init: RequestInit) => globalThis.fetch(input, init))
  const sleep = options.sleep ?? realSleep
  const delays: RetryDelays = { ...DEFAULT_RETRY_DELAYS, ...options.retryDelays }

  async function call<Name extends AdminEndpointName>(
    name: Name,
    input: CallInput = {},
  ): Promise<Answer<Name>> {
    const endpoint = adminEndpoints[name]
    const token = options.getToken()
    if (!token) throw new ApiError({ kind: 'missing-token', status: null, detail: AUTHENTICATION_REQUIRED })
    const headers: Record<string, string> = { Accept: 'application/json', Authorization: `Bearer ${token}` }
    if (input.body !== undefined) headers['Content-Type'] = 'application/json'
    if (endpoint.method !== 'GET')
      headers['Idempotency-Key'] = input.idempotencyKey ?? newAdminIdempotencyKey()

    const search = new URLSearchParams()
    for (const [key, value] of Object.entries(withoutBlanks(input.query ?? {})))
      search.set(key, String(value))
    const queryText = search.size > 0 ? `?${search.toString()}` : ''
    const url = `${baseUrl}${buildPath(endpoint.path, input.params)}${queryText}`

    let response: Response
    try {
      response = await sendWithSharedRetries(
        fetchFunction,
        url,
        {
          method: endpoint.method,
          headers,
          body: input.body === undefined ? undefined : JSON.stringify(input.body),
          signal: input.signal,
          credentials: 'same-origin',
        },
        delays,
        sleep,
      )
    } catch (error) {
      if (!(error instanceof NetworkFailure)) throw error
      throw new ApiError({ kind: 'network', status: null, detail: GENERIC_ERROR, cause: error.cause })
    }

    const body = await readJson(response)
    if (!response.ok) {
      const field =
        typeof body === 'object' && body !== null ? (body as { field?: unknown }).field : undefined
      throw new ApiError({
        kind: 'http',
        status: response.status,
        detail: errorTextOf(body) ?? requestFailedWithStatus(response.status),
        field: typeof field === 'string' ? field : null,
      })
    }
    const parsed = endpoint.response.safeParse(body)
    if (!parsed.success) {
      throw new ApiError({
        kind: 'invalid-response',
        status: response.status,
        detail: GENERIC_ERROR,
        cause: parsed.error,
      })
    }
    return parsed.data as Answer<Name>
  }

  const id = (value: string) => ({ id: value })
  const page = (paging: AdminPageOptions = {}): Query => ({ cursor: paging.cursor, limit: paging.limit })

  return {
    me: (signal?: AbortSignal) => call('adminMe', { signal }),
    auditLog: (filters: AdminAuditFilters = {}, paging?: AdminPageOptions) =>
      call('adminAudit', { query: { ...filters, ...page(paging) }, signal: paging?.signal }),

    listServices: (signal?: AbortSignal) => call('adminListServices', { signal }),
    createService: (body: Body<'adminCreateService'>) => call('adminCreateService', { body }),
    updateService: (serviceId: string, body: Body<'adminUpdateService'>) =>
      call('adminUpdateService', { params: id(serviceId), body }),

    listProviders: (signal?: AbortSignal) => call('adminListProviders', { signal }),
    createProvider: (body: Body<'adminCreateProvider'>) => call('adminCreateProvider', { body }),
    updateProvider: (providerId: string, body: Body<'adminUpdateProvider'>) =>
      call('adminUpdateProvider', { params: id(providerId), body }),
    deleteProvider: (providerId: string, reason?: string) =>
      call('adminDeleteProvider', { params: id(providerId), query: { reason } }),
    providerBalance: (providerId: string, signal?: AbortSignal) =>
      call('adminProviderBalance', { params: id(providerId), signal }),
    providerServices: (providerId: string, signal?: AbortSignal) =>
      call('adminProviderServices', { params: id(providerId), signal }),
    importProviderServices: (providerId: string, body: Body<'adminImportProviderServices'> = {}) =>
      call('adminImportProviderServices', { params: id(providerId), body }),
    setProviderMargin: (providerId: string, body: Body<'adminProviderMargin'>) =>
      call('adminProviderMargin', { params: id(providerId), body }),

    listUsers: (filters: AdminUserFilters = {}, paging?: AdminPageOptions) =>
      call('adminListUsers', { query: { ...filters, ...page(paging) }, signal: paging?.signal }),
    getUser: (userId: string, signal?: AbortSignal) => call('adminGetUser', { params: id(userId), signal }),
    userLedger: (userId: string, paging?: AdminPageOptions) =>
      call('adminUserLedger', { params: id(userId), query: page(paging), signal: paging?.signal }),
    adjustBalance: (userId: string, body: Body<'adminAdjustBalance'>) =>
      call('adminAdjustBalance', { params: id(userId), body }),
    setUserRole: (userId: string, body: Body<'adminSetUserRole'>) =>
      call('adminSetUserRole', { params: id(userId), body }),
    disableUser: (userId: string, body: Body<'adminDisableUser'>) =>
      call('adminDisableUser', { params: id(userId), body }),
    enableUser: (userId: string, body: Body<'adminEnableUser'> = {}) =>
      call('adminEnableUser', { params: id(userId), body }),

    listOrders: (filters: AdminOrderFilters = {}, paging?: AdminPageOptions) =>
      call('adminListOrders', { query: { ...filters, ...page(paging) }, signal: paging?.signal }),
    /** Every order the filters select as a CSV file with its account (GET /api/admin/orders/export). */
    exportOrders: (filters: AdminOrderFilters = {}): Promise<Blob> => {
      const token = options.getToken()
      if (!token) {
        return Promise.reject(
          new ApiError({ kind: 'missing-token', status: null, detail: AUTHENTICATION_REQUIRED }),
        )
      }
      const path = adminEndpoints.adminExportOrders.path
      return downloadFile(fetchFunction, `${baseUrl}${path}${filterQueryText({ ...filters })}`, token)
    },
    getOrder: (orderId: string, signal?: AbortSignal) =>
      call('adminGetOrder', { params: id(orderId), signal }),
    retryOrder: (orderId: string, body: Body<'adminRetryOrder'> = {}) =>
      call('adminRetryOrder', { params: id(orderId), body }),
    pauseOrder: (orderId: string, body: Body<'adminPauseOrder'>) =>
      call('adminPauseOrder', { params: id(orderId), body }),
    cancelOrder: (orderId: string, body: Body<'adminCancelOrder'> = {}) =>
      call('adminCancelOrder', { params: id(orderId), body }),
    refundOrder: (orderId: string, body: Body<'adminRefundOrder'>) =>
      call('adminRefundOrder', { params: id(orderId), body }),
    setOrderStatus: (orderId: string, body: Body<'adminSetOrderStatus'>) =>
      call('adminSetOrderStatus', { params: id(orderId), body }),

    listPayments: (filters: AdminPaymentFilters = {}, paging?: AdminPageOptions) =>
      call('adminListPayments', { query: { ...filters, ...page(paging) }, signal: paging?.signal }),
    recheckPayment: (paymentId: string, body: Body<'adminRecheckPayment'> = {}) =>
      call('adminRecheckPayment', { params: id(paymentId), body }),

    listUpdates: (signal?: AbortSignal) => call('adminListUpdates', { signal }),
    createUpdate: (body: Body<'adminCreateUpdate'>, options: AdminCreateOptions = {}) =>
      call('adminCreateUpdate', { body, ...options }),
    editUpdate: (updateId: string, body: Body<'adminEditUpdate'>) =>
      call('adminEditUpdate', { params: id(updateId), body }),
    deleteUpdate: (updateId: string, reason?: string) =>
      call('adminDeleteUpdate', { params: id(updateId), query: { reason } }),

    listContactMethods: (signal?: AbortSignal) => call('adminListContactMethods', { signal }),
    createContactMethod: (body: Body<'adminCreateContactMethod'>, options: AdminCreateOptions = {}) =>
      call('adminCreateContactMethod', { body, ...options }),
    editContactMethod: (contactMethodId: string, body: Body<'adminEditContactMethod'>) =>
      call('adminEditContactMethod', { params: id(contactMethodId), body }),
    deleteContactMethod: (contactMethodId: string, reason?: string) =>
      call('adminDeleteContactMethod', { params: id(contactMethodId), query: { reason } }),

    listTickets: (filters: AdminTicketFilters = {}, paging?: AdminPageOptions) =>
      call('adminListTickets', { query: { ...filters, ...page(paging) }, signal: paging?.signal }),
    getTicket: (ticketId: string, signal?: AbortSignal) =>
      call('adminGetTicket', { params: id(ticketId), signal }),
    replyTicket: (ticketId: string, body: Body<'adminReplyTicket'>) =>
      call('adminReplyTicket', { params: id(ticketId), body }),
    assignTicket: (ticketId: string, body: Body<'adminAssignTicket'>) =>
      call('adminAssignTicket', { params: id(ticketId), body }),
    closeTicket: (ticketId: string, body: Body<'adminCloseTicket'> = {}) =>
      call('adminCloseTicket', { params: id(ticketId), body }),
    reopenTicket: (ticketId: string, body: Body<'adminReopenTicket'> = {}) =>
      call('adminReopenTicket', { params: id(ticketId), body }),
    affiliateSettings: (signal?: AbortSignal) => call('adminAffiliateSettings', { signal }),
    updateAffiliateSettings: (body: Body<'adminUpdateAffiliateSettings'>) =>
      call('adminUpdateAffiliateSettings', { body }),
    /** Revenue, cost, profit, deposits, refunds, customers and upstream errors of a range. */
    reports: (range: AdminReportRange, signal?: AbortSignal) =>
      call('adminReports', { query: { ...range }, signal }),
    /** One table of the reports as a CSV file (GET /api/admin/reports/export). */
    exportReport: (range: AdminReportRange, table: ReportTable): Promise<Blob> => {
      const token = options.getToken()
      if (!token) {
        return Promise.reject(
          new ApiError({ kind: 'missing-token', status: null, detail: AUTHENTICATION_REQUIRED }),
        )
      }
      const query = filterQueryText({
        from: range.from,
        to: range.to,
        granularity: range.granularity,
        top: range.top === undefined ? undefined : String(range.top),
        table,
      })
      return downloadFile(fetchFunction, `${baseUrl}${adminEndpoints.adminExportReport.path}${query}`, token)
    },

    jobs: (signal?: AbortSignal) => call('adminJobs', { signal }),
    retryJob: (jobId: string, body: Body<'adminRetryJob'> = {}) =>
      call('adminRetryJob', { params: id(jobId), body }),
  }
}

export type AdminClient = ReturnType<typeof createAdminClient>
