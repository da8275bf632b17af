// MSW handlers for every operator endpoint (/api/admin/...), with a factory per endpoint so a story can
// override one (`[adminHandlers.adminRefundOrder.failure(ADMIN_REFUND_TOO_LARGE, 409, 'amount'), ...]`), and
// whole-console scenarios: `parameters: { msw: { handlers: adminScenarios.default } }`.

import {
  ADMIN_ONLY,
  adminEndpoints,
  AUTHENTICATION_REQUIRED,
  INTERNAL_SERVER_ERROR,
  OPERATOR_FORBIDDEN,
  reportTableCsv,
  roleAllows,
  validationErrorBody,
  type AdminEndpointName,
  type EndpointParsedParams,
  type EndpointParsedQuery,
  type EndpointParsedRequest,
  type EndpointResponse,
} from '@engage/contract'
import { delay, http, HttpResponse, type HttpHandler } from 'msw'
import * as domain from './adminState'
import { createAdminMockState, type AdminMockState } from './adminState'
import { fixtureAdminReports } from './adminFixtures'
import { filterOrders, ordersCsv } from './fixtures'
import { MockRefusal, pageOf } from './state'

export type { AdminEndpointName }

export const adminEndpointNames = Object.keys(adminEndpoints) as AdminEndpointName[]

interface Answer<Name extends AdminEndpointName> {
  status?: number
  body: EndpointResponse<Name>
}

interface ResolverInput<Name extends AdminEndpointName> {
  state: AdminMockState
  body: EndpointParsedRequest<Name>
  query: EndpointParsedQuery<Name>
  params: EndpointParsedParams<Name>
}

type Resolvers = { [Name in AdminEndpointName]: (input: ResolverInput<Name>) => Answer<Name> }

/** Filters a newest-first list by the query's fields, then pages it like the server (cursor = last id). */
function paged<Item extends { id: string }>(
  items: readonly Item[],
  query: { cursor?: string; limit: number },
) {
  return pageOf(items, query.cursor, query.limit)
}

function contains(text: string, part: string | undefined): boolean {
  return part === undefined || text.toLowerCase().includes(part.toLowerCase())
}

/** The console's orders the filters select: the customer list's filters, and the account and link. */
function matchingOrders(state: AdminMockState, query: EndpointParsedQuery<'adminExportOrders'>) {
  return filterOrders(state.orders, query).filter(
    (order) =>
      (query.user === undefined ||
        order.user_id === query.user ||
        order.user_email.toLowerCase() === query.user.toLowerCase()) &&
      contains(order.target_url, query.link),
  )
}

const resolvers: Resolvers = {
  adminMe: ({ state }) => ({ body: state.me }),
  adminAudit: ({ state, query }) => {
    const matching = state.audit.filter(
      (entry) =>
        (query.action === undefined || entry.action === query.action) &&
        (query.target === undefined ||
          entry.target === query.target ||
          entry.target.startsWith(`${query.target}:`)) &&
        (query.actor === undefined || entry.actor_id === query.actor),
    )
    const page = paged(matching, query)
    return { body: { entries: page.items, nextCursor: page.nextCursor } }
  },
  adminListServices: ({ state }) => ({ body: { services: state.services } }),
  adminCreateService: ({ state, body }) => ({ status: 201, body: domain.createService(state, body) }),
  adminUpdateService: ({ state, params, body }) => ({ body: domain.updateService(state, params.id, body) }),
  adminListProviders: ({ state }) => ({ body: { providers: state.providers } }),
  adminCreateProvider: ({ state, body }) => ({ status: 201, body: domain.createProvider(state, body) }),
  adminUpdateProvider: ({ state, params, body }) => ({ body: domain.updateProvider(state, params.id, body) }),
  adminDeleteProvider: ({ state, params, query }) => ({
    body: { message: domain.deleteProvider(state, params.id, query.reason) },
  }),
  adminProviderBalance: ({ state, params }) => ({
    body: {
      provider_id: params.id,
      balance: Number(params.id) === 1 ? 1843.27 : 0,
      currency: 'USD',
      checked_at: state.now().toISOString(),
    },
  }),
  adminProviderServices: ({ state, params }) => ({
    body: { services: domain.providerServices(state, params.id) },
  }),
  adminImportProviderServices: ({ state, params, body }) => ({
    body: { services: domain.importProviderServices(state, params.id, body.reason) },
  }),
  adminProviderMargin: ({ state, params, body }) => ({
    body: domain.setProviderMargin(state, params.id, body),
  }),
  adminListUsers: ({ state, query }) => {
    const matching = state.users.filter(
      (user) =>
        (contains(user.email, query.q) || contains(user.username, query.q)) &&
        (query.role === undefined || user.role === query.role),
    )
    const page = paged(matching, query)
    return { body: { users: page.items, nextCursor: page.nextCursor } }
  },
  adminGetUser: ({ state, params }) => ({ body: domain.userDetail(state, params.id) }),
  adminUserLedger: ({ state, params, query }) => {
    domain.userDetail(state, params.id)
    const page = paged(state.ledger.get(params.id) ?? [], query)
    return { body: { entries: page.items, nextCursor: page.nextCursor } }
  },
  adminAdjustBalance: ({ state, params, body }) => ({ body: domain.adjustBalance(state, params.id, body) }),
  adminSetUserRole: ({ state, params, body }) => ({ body: domain.setUserRole(state, params.id, body) }),
  adminDisableUser: ({ state, params, body }) => ({
    body: domain.setUserDisabled(state, params.id, true, body.reason),
  }),
  adminEnableUser: ({ state, params, body }) => ({
    body: domain.setUserDisabled(state, params.id, false, body.reason),
  }),
  adminListOrders: ({ state, query }) => {
    const page = paged(matchingOrders(state, query), query)
    return { body: { orders: page.items, nextCursor: page.nextCursor } }
  },
  adminExportOrders: ({ state, query }) => ({ body: ordersCsv(matchingOrders(state, query), true) }),
  adminGetOrder: ({ state, params }) => ({ body: domain.orderDetail(state, params.id) }),
  adminRetryOrder: ({ state, params, body }) => ({ body: domain.retryOrder(state, params.id, body.reason) }),
  adminPauseOrder: ({ state, params, body }) => ({ body: domain.pauseOrder(state, params.id, body.reason) }),
  adminCancelOrder: ({ state, params, body }) => {
    const { accepted, ...answer } = domain.cancelOrder(state, params.id, body.reason)
    return { status: accepted ? 202 : 200, body: answer }
  },
  adminRefundOrder: ({ state, params, body }) => ({ body: domain.refundOrder(state, params.id, body) }),
  adminSetOrderStatus: ({ state, params, body }) => ({ body: domain.setOrderStatus(state, params.id, body) }),
  adminListPayments: ({ state, query }) => {
    const matching = state.payments.filter(
      (payment) =>
        (query.status === undefined || payment.status === query.status) &&
        (query.gateway === undefined || payment.gateway === query.gateway) &&
        (query.user === undefined ||
          payment.user_id === query.user ||
          payment.user_email.toLowerCase() === query.user.toLowerCase()),
    )
    const page = paged(matching, query)
    return { body: { payments: page.items, nextCursor: page.nextCursor } }
  },
  adminRecheckPayment: ({ state, params, body }) => ({
    body: domain.recheckPayment(state, params.id, body.reason),
  }),
  adminListUpdates: ({ state }) => ({ body: { updates: state.updates } }),
  adminCreateUpdate: ({ state, body }) => ({ status: 201, body: domain.saveUpdate(state, null, body) }),
  adminEditUpdate: ({ state, params, body }) => ({ body: domain.saveUpdate(state, params.id, body) }),
  adminDeleteUpdate: ({ state, params, query }) => ({
    body: domain.deleteUpdate(state, params.id, query.reason),
  }),
  adminListContactMethods: ({ state }) => ({ body: { contact_methods: state.contactMethods } }),
  adminCreateContactMethod: ({ state, body }) => ({
    status: 201,
    body: domain.saveContactMethod(state, null, body),
  }),
  adminEditContactMethod: ({ state, params, body }) => ({
    body: domain.saveContactMethod(state, params.id, body),
  }),
  adminDeleteContactMethod: ({ state, params, query }) => ({
    body: domain.deleteContactMethod(state, params.id, query.reason),
  }),
  adminJobs: ({ state }) => ({ body: domain.jobsOf(state) }),
  adminRetryJob: ({ state, params, body }) => ({ body: domain.retryJob(state, params.id, body.reason) }),
  adminListTickets: ({ state, query }) => {
    const meId = state.me.id
    const matching = state.tickets.filter(
      (ticket) =>
        (query.status === undefined || ticket.status === query.status) &&
        (query.assignee === undefined ||
          (query.assignee === 'none'
            ? ticket.assignee_id === null
            : ticket.assignee_id === (query.assignee === 'me' ? meId : query.assignee))),
    )
    const page = paged(matching, query)
    return { body: { tickets: page.items.map(domain.ticketSummary), nextCursor: page.nextCursor } }
  },
  adminGetTicket: ({ state, params }) => ({ body: domain.findAdminTicket(state, params.id) }),
  adminReplyTicket: ({ state, params, body }) => ({
    body: domain.replyAdminTicket(state, params.id, body.message),
  }),
  adminAssignTicket: ({ state, params, body }) => ({
    body: domain.assignAdminTicket(state, params.id, body.assignee_id, body.reason),
  }),
  adminCloseTicket: ({ state, params, body }) => ({
    body: domain.setAdminTicketClosed(state, params.id, true, body.reason),
  }),
  adminReopenTicket: ({ state, params, body }) => ({
    body: domain.setAdminTicketClosed(state, params.id, false, body.reason),
  }),
  adminAffiliateSettings: ({ state }) => ({ body: state.affiliateSettings }),
  adminUpdateAffiliateSettings: ({ state, body }) => ({ body: domain.saveAffiliateSettings(state, body) }),
  adminReports: ({ query }) => ({ body: fixtureAdminReports(query) }),
  adminExportReport: ({ query }) => ({ body: reportTableCsv(fixtureAdminReports(query), query.table) }),
}

// ---- Plumbing ---------------------------------------------------------------------------------------------

function mswPath(path: string): string {
  return `*${path.replace(/\{(\w+)\}/g, ':$1')}`
}

type Resolve = (request: Request, params: Record<string, string>) => Promise<Response> | Response

function handlerFor(name: AdminEndpointName, resolve: Resolve): HttpHandler {
  const endpoint = adminEndpoints[name]
  const route = { GET: http.get, POST: http.post, PUT: http.put, DELETE: http.delete }[endpoint.method]
  return route(mswPath(endpoint.path), ({ request, params }) =>
    resolve(request, Object.fromEntries(Object.entries(params).map(([key, value]) => [key, String(value)]))),
  )
}

function errorResponse(status: number, detail: string, field?: string): Response {
  return HttpResponse.json(field === undefined ? { detail } : { detail, field }, { status })
}

/** Checks the token, the operator's role and the input like the server, then answers from the state. */
async function answerFromState(
  name: AdminEndpointName,
  state: AdminMockState,
  request: Request,
  params: Record<string, string>,
): Promise<Response> {
  const endpoint = adminEndpoints[name]
  if (!/^Bearer\s+\S+/.test(request.headers.get('Authorization') ?? '')) {
    return errorResponse(401, AUTHENTICATION_REQUIRED)
  }
  if (!roleAllows(state.me.role, endpoint.role)) return errorResponse(403, ADMIN_ONLY)

  const validation = (result: { success: boolean; error?: unknown }) => {
    const error = validationErrorBody(result.error as Parameters<typeof validationErrorBody>[0])
    return errorResponse(422, error.detail, error.field)
  }
  const parsedParams = 'params' in endpoint ? endpoint.params.safeParse(params) : undefined
  if (parsedParams && !parsedParams.success) return validation(parsedParams)
  const url = new URL(request.url)
  const parsedQuery =
    'query' in endpoint ? endpoint.query.safeParse(Object.fromEntries(url.searchParams)) : undefined
  if (parsedQuery && !parsedQuery.success) return validation(parsedQuery)
  let parsedBody: unknown
  if ('request' in endpoint) {
    const raw: unknown = await request.json().catch(() => undefined)
    const result = endpoint.request.safeParse(raw)
    if (!result.success) return validation(result)
    parsedBody = result.data
  }

  try {
    // Each resolver's input type is tied to its name; the registry lookup loses that link, hence the cast.
    const resolver = resolvers[name] as (input: ResolverInput<AdminEndpointName>) => Answer<AdminEndpointName>
    const answer = resolver({
      state,
      body: parsedBody as never,
      query: parsedQuery?.data as never,
      params: parsedParams?.data as never,
    })
    if ('responseContentType' in endpoint) {
      return new HttpResponse(String(answer.body), {
        status: answer.status ?? 200,
        headers: { 'Content-Type': `${endpoint.responseContentType}; charset=utf-8` },
      })
    }
    return HttpResponse.json(answer.body as never, { status: answer.status ?? 200 })
  } catch (error) {
    if (error instanceof MockRefusal) return errorResponse(error.status, error.detail, error.field)
    throw error
  }
}

// ---- Factories --------------------------------------------------------------------------------------------

export interface AdminEndpointHandlers<Name extends AdminEndpointName> {
  /** Answers like the server, from `state` (a fresh createAdminMockState() when none is given). */
  success(state?: AdminMockState): HttpHandler
  /** Answers `body` every time. */
  respond(body: EndpointResponse<Name>, init?: { status?: number }): HttpHandler
  /** `{ detail }`: with a detail, status 400 unless given; without one, 500 'Internal server error'. */
  failure(detail?: string, status?: number, field?: string): HttpHandler
  /** 403 'Operator access required', as for a customer's token. */
  forbidden(detail?: string): HttpHandler
  /** Never answers: the loading state. */
  loading(): HttpHandler
}

function adminEndpointHandlers<Name extends AdminEndpointName>(name: Name): AdminEndpointHandlers<Name> {
  return {
    success: (state = createAdminMockState()) =>
      handlerFor(name, (request, params) => answerFromState(name, state, request, params)),
    respond: (body, init = {}) =>
      handlerFor(name, () => HttpResponse.json(body as never, { status: init.status ?? 200 })),
    failure: (detail, status, field) =>
      handlerFor(name, () =>
        detail === undefined
          ? errorResponse(status ?? 500, INTERNAL_SERVER_ERROR)
          : errorResponse(status ?? 400, detail, field),
      ),
    forbidden: (detail = OPERATOR_FORBIDDEN) => handlerFor(name, () => errorResponse(403, detail)),
    loading: () =>
      handlerFor(name, async () => {
        await delay('infinite')
        return errorResponse(500, INTERNAL_SERVER_ERROR)
      }),
  }
}

export type AdminHandlers = { [Name in AdminEndpointName]: AdminEndpointHandlers<Name> }

/** A handler factory per operator endpoint, named as in the contract's `endpoints` (adminListServices, ...). */
export const adminHandlers = Object.fromEntries(
  adminEndpointNames.map((name) => [name, adminEndpointHandlers(name)]),
) as AdminHandlers

// ---- Scenarios --------------------------------------------------------------------------------------------

export const adminScenarioNames = [
  'default',
  'support',
  'empty',
  'loading',
  'serverError',
  'forbidden',
] as const
export type AdminScenarioName = (typeof adminScenarioNames)[number]

/**
 * The console's handlers of one scenario over `state`:
 * - default: an admin on a busy panel, every call works and changes the state;
 * - support: the same panel seen by a support account (admin-only calls answer 403 'Only an admin can do this');
 * - empty: a fresh panel (no services, providers, orders, payments, content, jobs or audit entries);
 * - loading: no call ever answers;
 * - serverError: the operator is known, every other call answers 500 'Internal server error';
 * - forbidden: a customer's token, every call answers 403 'Operator access required'.
 */
export function createAdminScenario(name: AdminScenarioName, state?: AdminMockState): HttpHandler[] {
  const scenarioState =
    state ?? createAdminMockState({ empty: name === 'empty', role: name === 'support' ? 'support' : 'admin' })
  return adminEndpointNames.map((endpointName) => {
    const factory = adminHandlers[endpointName]
    switch (name) {
      case 'default':
      case 'support':
      case 'empty':
        return factory.success(scenarioState)
      case 'loading':
        return factory.loading()
      case 'serverError':
        return endpointName === 'adminMe' ? factory.success(scenarioState) : factory.failure()
      case 'forbidden':
        return factory.forbidden()
    }
  })
}

/** `adminScenarios.default` etc.: each read builds the handlers over a FRESH state. */
export const adminScenarios = Object.defineProperties(
  {},
  Object.fromEntries(
    adminScenarioNames.map((name) => [name, { enumerable: true, get: () => createAdminScenario(name) }]),
  ),
) as Readonly<Record<AdminScenarioName, HttpHandler[]>>

export { createAdminMockState, type AdminMockState, type AdminMockStateOptions } from './adminState'
export * from './adminFixtures'
