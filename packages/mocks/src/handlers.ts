// MSW handlers for every endpoint of the contract, with a factory per endpoint so a story can override one:
// `[handlers.createOrder.failure('Insufficient balance', 402), ...scenarios.default]`.

import {
  AUTHENTICATION_REQUIRED,
  INTERNAL_SERVER_ERROR,
  INVALID_OR_EXPIRED_TOKEN,
  isAiService,
  LOGGED_OUT,
  NEXT_CURSOR_HEADER,
  PASSWORD_CHANGED,
  PASSWORD_RESET_SUCCESS,
  QUANTITY_MAX,
  QUANTITY_MIN,
  RESET_LINK_SENT,
  serviceDisplayName,
  unitRateUsdToPer1kMicros,
  validationErrorBody,
  type EndpointName,
  type EndpointParsedParams,
  type EndpointParsedQuery,
  type EndpointParsedRequest,
  type EndpointResponse,
} from '@engage/contract'
import { endpoints } from '@engage/contract/all-endpoints'
import { delay, http, HttpResponse, type HttpHandler } from 'msw'
import {
  filterOrders,
  fixtureAnalytics,
  fixtureAnalyticsDelivery,
  fixtureCatalogue,
  fixtureModels,
  fixtureServiceLimits,
  ordersCsv,
} from './fixtures'
import * as domain from './state'
import { createMockState, MockRefusal, type MockState } from './state'

interface Answer<Name extends EndpointName> {
  status?: number
  body: EndpointResponse<Name>
  headers?: Record<string, string>
}

interface ResolverInput<Name extends EndpointName> {
  state: MockState
  body: EndpointParsedRequest<Name>
  query: EndpointParsedQuery<Name>
  params: EndpointParsedParams<Name>
  /** The origin the request was sent to (for absolute URLs in answers). */
  origin: string
}

type Resolvers = { [Name in EndpointName]: (input: ResolverInput<Name>) => Answer<Name> }

// What each endpoint does against the state, after the token and the input have been checked.
const resolvers: Resolvers = {
  signin: ({ state, body }) => ({ body: domain.signin(state, body.email, body.password) }),
  signup: ({ state, body }) => ({ body: domain.signup(state, body.email, body.password) }),
  logout: () => ({ body: { message: LOGGED_OUT } }),
  forgotPassword: () => ({ body: { message: RESET_LINK_SENT } }),
  resetPassword: () => ({ body: { message: PASSWORD_RESET_SUCCESS } }),
  changePassword: ({ state, body }) => {
    domain.changePassword(state, body.currentPassword, body.newPassword)
    return { body: { message: PASSWORD_CHANGED } }
  },
  getMe: ({ state }) => ({ body: domain.meOf(state) }),
  updateProfile: ({ state, body }) => ({ body: domain.updateProfile(state, body) }),
  saveAiSettings: ({ state, body }) => ({ body: domain.saveAiSettings(state, body) }),
  deleteAiSetting: ({ state, params }) => ({ body: domain.deleteAiSetting(state, params.id) }),
  getServices: ({ state }) => ({ body: { ...state.services } }),
  listServices: ({ state }) => ({
    body: Object.entries(state.services).map(([name, rate], index) => ({
      id: String(index + 1),
      name,
      displayName: serviceDisplayName(name),
      rate,
      ratePer1k: unitRateUsdToPer1kMicros(rate) / 1_000_000,
      minQuantity: fixtureServiceLimits[name]?.min ?? QUANTITY_MIN,
      maxQuantity: fixtureServiceLimits[name]?.max ?? QUANTITY_MAX,
      isAi: isAiService(name),
    })),
  }),
  listContactMethods: ({ state }) => ({ body: state.contactMethods }),
  // Google sign-in is off in the mocks, as on a server without GOOGLE_CLIENT_ID.
  authProviders: () => ({ body: { google: false } }),
  serviceCatalogue: ({ state }) => ({ body: { services: fixtureCatalogue(state.services) } }),
  listOrders: ({ state, query }) => {
    const { cursor, limit, ...filter } = query
    const page = domain.pageOf(filterOrders(state.orders, filter), cursor, limit)
    const headers: Record<string, string> = {}
    if (page.nextCursor !== null) headers[NEXT_CURSOR_HEADER] = page.nextCursor
    return { body: page.items, headers }
  },
  exportOrders: ({ state, query }) => ({ body: ordersCsv(filterOrders(state.orders, query)) }),
  createOrder: ({ state, body }) => ({ status: 201, body: domain.placeOrder(state, body) }),
  createMassOrder: ({ state, body }) => ({
    status: 201,
    body: { newOrders: domain.placeMassOrder(state, body) },
  }),
  createSubscription: ({ state, body }) => ({ status: 201, body: domain.createSubscription(state, body) }),
  listSubscriptions: ({ state }) => ({ body: state.subscriptions }),
  cancelSubscription: ({ state, params }) => ({ body: domain.cancelSubscription(state, params.id) }),
  cancelOrder: ({ state, params }) => {
    const { status, order } = domain.cancelOrder(state, params.id)
    return { status, body: order }
  },
  requestRefill: ({ state, params }) => ({ status: 201, body: domain.requestRefill(state, params.id) }),
  retryAllOrders: ({ state }) => ({ body: domain.retryAllOrders(state) }),
  retryOrder: ({ state, params }) => ({ body: domain.retryOrder(state, params.id) }),
  fetchModels: ({ body }) => ({ body: { models: [...fixtureModels[body.provider]] } }),
  aiPreview: ({ body }) => ({
    body: {
      text:
        body.service_type === 'ai_tweets'
          ? 'Shipping beats polishing. Put it in front of people today and let their questions write your roadmap.'
          : 'Great point. We saw the same thing: the first honest reply did more for us than a week of posts.',
    },
  }),
  listTransactions: ({ state, query }) => {
    const page = domain.pageOf(state.transactions, query.cursor, query.limit)
    return { body: { transactions: page.items, nextCursor: page.nextCursor } }
  },
  paymentMethods: ({ state }) => ({ body: state.paymentMethods }),
  createPayment: ({ state, params, body, origin }) => ({
    status: 201,
    body: domain.createPayment(state, params.provider, body, origin),
  }),
  paymentStatus: ({ state, query }) => ({ body: domain.paymentStatus(state, query.order_id) }),
  listApiKeys: ({ state }) => ({ body: state.apiKeys }),
  createApiKey: ({ state, body }) => ({ status: 201, body: domain.createApiKey(state, body.name) }),
  revokeApiKey: ({ state, params }) => ({ body: domain.revokeApiKey(state, params.id) }),
  signinTwoFactor: ({ state, body }) => ({ body: domain.signinTwoFactor(state, body.challenge, body.code) }),
  twoFactorStatus: ({ state }) => ({ body: domain.twoFactorStatus(state) }),
  twoFactorSetup: ({ state }) => ({ body: domain.twoFactorSetup(state) }),
  twoFactorConfirm: ({ state, body }) => ({ body: domain.twoFactorConfirm(state, body.code) }),
  twoFactorDisable: ({ state, body }) => ({
    body: domain.twoFactorDisable(state, body.password, body.code),
  }),
  listSessions: ({ state }) => ({ body: state.security.sessions }),
  revokeSession: ({ state, params }) => ({ body: domain.revokeSession(state, params.id) }),
  revokeOtherSessions: ({ state }) => ({ body: domain.revokeOtherSessions(state) }),
  listTickets: ({ state }) => ({ body: domain.listTickets(state) }),
  createTicket: ({ state, body }) => ({ status: 201, body: domain.openTicket(state, body) }),
  getTicket: ({ state, params }) => ({ body: domain.findTicket(state, params.id) }),
  replyTicket: ({ state, params, body }) => ({ body: domain.replyTicket(state, params.id, body.message) }),
  closeTicket: ({ state, params }) => ({ body: domain.closeTicket(state, params.id) }),
  listNotifications: ({ state, query }) => ({
    body: domain.listNotifications(state, query.cursor, query.limit),
  }),
  markNotificationRead: ({ state, params }) => ({ body: domain.markNotificationRead(state, params.id) }),
  markAllNotificationsRead: ({ state }) => ({ body: domain.markAllNotificationsRead(state) }),
  notificationPreferences: ({ state }) => ({ body: state.notificationPreferences }),
  updateNotificationPreferences: ({ state, body }) => ({
    body: domain.updateNotificationPreferences(state, body),
  }),
  getAffiliates: ({ state, origin }) => ({ body: domain.affiliatesOf(state, origin) }),
  analytics: ({ query }) => ({ body: fixtureAnalytics(query) }),
  analyticsDelivery: () => ({ body: fixtureAnalyticsDelivery() }),
  listWorkspaces: ({ state }) => ({ body: state.team.workspaces }),
  switchWorkspace: ({ state, params }) => ({ body: domain.switchWorkspace(state, params.id) }),
  listMembers: ({ state }) => ({ body: state.team.members }),
  updateMember: ({ state, params, body }) => ({ body: domain.updateMember(state, params.id, body) }),
  removeMember: ({ state, params }) => ({ body: domain.removeMember(state, params.id) }),
  leaveWorkspace: ({ state }) => ({ body: domain.leaveWorkspace(state) }),
  listInvitations: ({ state }) => ({ body: state.team.invitations }),
  inviteMember: ({ state, body }) => ({ status: 201, body: domain.inviteMember(state, body) }),
  revokeInvitation: ({ state, params }) => ({ body: domain.revokeInvitation(state, params.id) }),
  getInvitation: ({ state, params }) => ({ body: domain.invitationPreview(state, params.token) }),
  acceptInvitation: ({ state, params }) => ({ body: domain.acceptInvitation(state, params.token) }),
  listActivity: ({ state, query }) => ({ body: domain.listActivity(state, query) }),
}

// ---- Plumbing ---------------------------------------------------------------------------------------------

/** '*' matches any origin, so the handlers answer the panel's relative calls and a client with a baseUrl. */
function mswPath(path: string): string {
  return `*${path.replace(/\{(\w+)\}/g, ':$1')}`
}

const literalPaths = Object.values(endpoints)
  .filter((endpoint) => !endpoint.path.includes('{'))
  .map((endpoint) => `${endpoint.method} ${endpoint.path}`)

type Resolve = (request: Request, params: Record<string, string>) => Promise<Response> | Response

function handlerFor(name: EndpointName, resolve: Resolve): HttpHandler {
  const endpoint = endpoints[name]
  const route = {
    GET: http.get,
    POST: http.post,
    PUT: http.put,
    DELETE: http.delete,
  }[endpoint.method]
  return route(mswPath(endpoint.path), ({ request, params }) => {
    // '/api/orders/retry/all' also matches '/api/orders/retry/:id': leave it to its own handler.
    const pathname = new URL(request.url).pathname
    if (endpoint.path.includes('{') && literalPaths.includes(`${endpoint.method} ${pathname}`))
      return undefined
    const textParams = Object.fromEntries(
      Object.entries(params).map(([key, value]) => [
        key,
        Array.isArray(value) ? value.join('/') : String(value),
      ]),
    )
    return resolve(request, textParams)
  })
}

function errorResponse(status: number, detail: string, field?: string): Response {
  return HttpResponse.json(field === undefined ? { detail } : { detail, field }, { status })
}

function hasBearerToken(request: Request): boolean {
  return /^Bearer\s+\S+/.test(request.headers.get('Authorization') ?? '')
}

/** Checks token and input like the server, then answers from the state. */
async function answerFromState(
  name: EndpointName,
  state: MockState,
  request: Request,
  params: Record<string, string>,
): Promise<Response> {
  const endpoint = endpoints[name]
  if (endpoint.auth && !hasBearerToken(request)) return errorResponse(401, AUTHENTICATION_REQUIRED)

  const parsedParams = 'params' in endpoint ? endpoint.params.safeParse(params) : undefined
  if (parsedParams && !parsedParams.success) {
    const error = validationErrorBody(parsedParams.error)
    return errorResponse(422, error.detail, error.field)
  }
  const url = new URL(request.url)
  const parsedQuery =
    'query' in endpoint ? endpoint.query.safeParse(Object.fromEntries(url.searchParams)) : undefined
  if (parsedQuery && !parsedQuery.success) {
    const error = validationErrorBody(parsedQuery.error)
    return errorResponse(422, error.detail, error.field)
  }
  let parsedBody: unknown
  if ('request' in endpoint) {
    const raw: unknown = await request.json().catch(() => undefined)
    const result = endpoint.request.safeParse(raw)
    if (!result.success) {
      const error = validationErrorBody(result.error)
      return errorResponse(422, error.detail, error.field)
    }
    parsedBody = result.data
  }

  try {
    // Each resolver's input type is tied to its name; the registry lookup loses that link, hence the cast.
    const resolver = resolvers[name] as (input: ResolverInput<EndpointName>) => Answer<EndpointName>
    const answer = resolver({
      state,
      body: parsedBody as never,
      query: parsedQuery?.data as never,
      params: parsedParams?.data as never,
      origin: url.origin,
    })
    const init = { status: answer.status ?? 200, headers: answer.headers }
    if ('responseContentType' in endpoint) {
      return new HttpResponse(String(answer.body), {
        ...init,
        headers: { ...answer.headers, 'Content-Type': `${endpoint.responseContentType}; charset=utf-8` },
      })
    }
    return HttpResponse.json(answer.body, init)
  } catch (error) {
    if (error instanceof MockRefusal) return errorResponse(error.status, error.detail, error.field)
    throw error
  }
}

// ---- Factories --------------------------------------------------------------------------------------------

export interface EndpointHandlers<Name extends EndpointName> {
  /** Answers like the server, from `state` (a fresh createMockState() when none is given). */
  success(state?: MockState): HttpHandler
  /** Answers `body` every time (201 for creations unless `status` says otherwise). */
  respond(
    body: EndpointResponse<Name>,
    init?: { status?: number; headers?: Record<string, string> },
  ): HttpHandler
  /**
   * Answers `{ detail }`: with a detail, status 400 unless given (e.g. failure('Insufficient balance', 402));
   * without one, 500 'Internal server error'.
   */
  failure(detail?: string, status?: number, field?: string): HttpHandler
  /** 401 as for an expired session. */
  unauthorised(detail?: string): HttpHandler
  /** Never answers: the loading state. */
  loading(): HttpHandler
  /** Answers like success after `milliseconds` (1500 by default). */
  slow(state?: MockState, milliseconds?: number): HttpHandler
  /** The connection fails without an answer (the client retries, then reports a network error). */
  networkError(): HttpHandler
}

function endpointHandlers<Name extends EndpointName>(name: Name): EndpointHandlers<Name> {
  const creates = endpoints[name].method === 'POST' && /create|mass|subscription$/.test(endpoints[name].path)
  return {
    success: (state = createMockState()) =>
      handlerFor(name, (request, params) => answerFromState(name, state, request, params)),
    respond: (body, init = {}) =>
      handlerFor(name, () =>
        HttpResponse.json(body as never, {
          status: init.status ?? (creates ? 201 : 200),
          headers: init.headers,
        }),
      ),
    failure: (detail, status, field) =>
      handlerFor(name, () =>
        detail === undefined
          ? errorResponse(status ?? 500, INTERNAL_SERVER_ERROR)
          : errorResponse(status ?? 400, detail, field),
      ),
    unauthorised: (detail = INVALID_OR_EXPIRED_TOKEN) => handlerFor(name, () => errorResponse(401, detail)),
    loading: () =>
      handlerFor(name, async () => {
        await delay('infinite')
        return errorResponse(500, INTERNAL_SERVER_ERROR)
      }),
    slow: (state = createMockState(), milliseconds = 1500) =>
      handlerFor(name, async (request, params) => {
        await delay(milliseconds)
        return answerFromState(name, state, request, params)
      }),
    networkError: () => handlerFor(name, () => HttpResponse.error()),
  }
}

export type Handlers = { [Name in EndpointName]: EndpointHandlers<Name> }

export const endpointNames = Object.keys(endpoints) as EndpointName[]

/** A handler factory per endpoint, named as in the contract's `endpoints` (createOrder, getMe, ...). */
export const handlers = Object.fromEntries(
  endpointNames.map((name) => [name, endpointHandlers(name)]),
) as Handlers
