// The typed API client: one function per endpoint of the contract's registry.

import {
  buildPath,
  coreEndpoints,
  type EndpointDefinition,
  GENERIC_ERROR,
  LIVE_EVENTS_PATH,
  LIVE_SESSION_PATH,
  modeFailedMessage,
  NEXT_CURSOR_HEADER,
  NO_TOKEN_FOUND,
  requestFailedWithStatus,
  type EndpointName,
  type EndpointRequest,
  type EndpointResponse,
  type Order,
  type OrderFilterQuery,
  type PageEndpointName,
  type PageEndpoints,
  type PaymentProvider,
  type Transaction,
} from '@engage/contract'
import { callSettings, type CallSettings } from './callSettings'
import { downloadFile, filterQueryText } from './downloads'
import { ApiError } from './errors'
import {
  DEFAULT_RETRY_DELAYS,
  errorTextOf,
  NetworkFailure,
  readJson,
  realSleep,
  sendWithAuthRetries,
  sendWithSharedRetries,
  type FetchFunction,
  type RetryDelays,
  type Sleep,
} from './transport'

export interface ClientOptions {
  /** Origin (and optional prefix) of the API, e.g. 'http://127.0.0.1:8787'; '' for the page's own origin. */
  baseUrl: string
  /** The stored bearer token (localStorage authToken), read at each call. */
  getToken: () => string | null | undefined
  /** Defaults to the global fetch, looked up at each call (so MSW can patch it after the client is made). */
  fetch?: FetchFunction
  /** Tests pass a sleep that returns at once. */
  sleep?: Sleep
  retryDelays?: Partial<RetryDelays>
  /**
   * Where the declarations of the later pages' calls come from (the contract's `loadPageEndpoints`, a chunk
   * loaded on the first such call). Without it the client makes the first page's calls only: the widget, which
   * needs no more, keeps the rest of the registry out of its single file.
   */
  loadPageEndpoints?: () => Promise<PageEndpoints>
}

type ResponseOf<Name extends EndpointName> = EndpointResponse<Name>
type BodyOf<Name extends EndpointName> = EndpointRequest<Name>

interface CallInput {
  params?: Record<string, string>
  query?: Record<string, string | number | undefined>
  body?: unknown
  signal?: AbortSignal
}

function newIdempotencyKey(): string {
  return globalThis.crypto.randomUUID()
}

export interface Page<Item> {
  items: Item[]
  /** Pass back as `cursor` for the next (older) page; null on the last page. */
  nextCursor: string | null
}

export interface PageOptions {
  cursor?: string
  limit?: number
  signal?: AbortSignal
}

export function createClient(options: ClientOptions) {
  const baseUrl = options.baseUrl.replace(/\/+$/, '')
  const fetchFunction: FetchFunction = options.fetch ?? ((input, init) => globalThis.fetch(input, init))
  const sleep = options.sleep ?? realSleep
  const delays: RetryDelays = { ...DEFAULT_RETRY_DELAYS, ...options.retryDelays }
  const laterEndpoints = (): Promise<PageEndpoints> => {
    if (options.loadPageEndpoints) return options.loadPageEndpoints()
    throw new Error("This client makes the first page's calls only: give it loadPageEndpoints for the others")
  }

  async function call<Name extends EndpointName>(
    name: Name,
    input: CallInput = {},
  ): Promise<{ data: ResponseOf<Name>; response: Response }> {
    // The first page's calls are declared in the client; the later pages' declarations come with their first call.
    const endpoint: EndpointDefinition =
      name in coreEndpoints
        ? coreEndpoints[name as keyof typeof coreEndpoints]
        : (await laterEndpoints())[name as PageEndpointName]
    const settings: CallSettings = callSettings[name] ?? {}
    const headers: Record<string, string> = { Accept: 'application/json' }
    if (endpoint.auth) {
      const token = options.getToken()
      if (!token) {
        const detail = settings.missingToken ?? NO_TOKEN_FOUND
        throw new ApiError({ kind: 'missing-token', status: null, detail })
      }
      headers.Authorization = `Bearer ${token}`
    }
    if (input.body !== undefined) headers['Content-Type'] = 'application/json'
    // One key per logical call, the same on every retry, so the server can recognise a repeated write.
    if (endpoint.method !== 'GET') headers['Idempotency-Key'] = newIdempotencyKey()

    const search = new URLSearchParams()
    for (const [key, value] of Object.entries(input.query ?? {})) {
      if (value !== undefined) search.set(key, String(value))
    }
    const queryText = search.size > 0 ? `?${search.toString()}` : ''
    const url = `${baseUrl}${buildPath(endpoint.path, input.params)}${queryText}`
    const init: RequestInit = {
      method: endpoint.method,
      headers,
      body: input.body === undefined ? undefined : JSON.stringify(input.body),
      signal: input.signal,
      // logout sends credentials; the others only need the bearer header.
      credentials: name === 'logout' ? 'include' : 'same-origin',
    }

    const fail = (error: ApiError): never => {
      if (settings.authMode === undefined) throw error
      throw new ApiError({
        kind: error.kind,
        status: error.status,
        detail: error.detail,
        message: modeFailedMessage(settings.authMode, error.detail),
        field: error.field,
        cause: error.cause,
      })
    }

    let response: Response
    try {
      response =
        settings.authMode === undefined
          ? await sendWithSharedRetries(fetchFunction, url, init, delays, sleep)
          : await sendWithAuthRetries(fetchFunction, url, init, delays, sleep)
    } catch (error) {
      if (!(error instanceof NetworkFailure)) throw error
      return fail(
        new ApiError({
          kind: 'network',
          status: null,
          detail: settings.failure ?? GENERIC_ERROR,
          cause: error.cause,
        }),
      )
    }

    const body = await readJson(response)
    if (!response.ok) {
      const detail =
        errorTextOf(body) ??
        (settings.authMode === undefined ? settings.failure : undefined) ??
        requestFailedWithStatus(response.status)
      const field =
        typeof body === 'object' && body !== null ? (body as { field?: unknown }).field : undefined
      return fail(
        new ApiError({
          kind: 'http',
          status: response.status,
          detail,
          field: typeof field === 'string' ? field : null,
        }),
      )
    }
    // a sign-in answer may carry an error instead of failing; it is shown as it is.
    const answerError = settings.authMode === undefined ? undefined : errorTextOf(body)
    if (answerError !== undefined) {
      return fail(new ApiError({ kind: 'http', status: response.status, detail: answerError }))
    }
    const parsed = endpoint.response.safeParse(body)
    if (!parsed.success) {
      const detail = settings.invalidResponse ?? settings.failure ?? GENERIC_ERROR
      return fail(
        new ApiError({ kind: 'invalid-response', status: response.status, detail, cause: parsed.error }),
      )
    }
    return { data: parsed.data as ResponseOf<Name>, response }
  }

  async function data<Name extends EndpointName>(name: Name, input?: CallInput): Promise<ResponseOf<Name>> {
    return (await call(name, input)).data
  }

  const client = {
    signin: (body: BodyOf<'signin'>) => data('signin', { body }),
    signup: (body: BodyOf<'signup'>) => data('signup', { body }),
    logout: () => data('logout'),
    forgotPassword: (body: BodyOf<'forgotPassword'>) => data('forgotPassword', { body }),
    resetPassword: (body: BodyOf<'resetPassword'>) => data('resetPassword', { body }),
    changePassword: (body: BodyOf<'changePassword'>) => data('changePassword', { body }),

    getMe: (options?: { signal?: AbortSignal }) => data('getMe', { signal: options?.signal }),
    updateProfile: (body: BodyOf<'updateProfile'>) => data('updateProfile', { body }),
    saveAiSettings: (body: BodyOf<'saveAiSettings'>) => data('saveAiSettings', { body }),
    /**
     * Deletes an AI setting. On 404 it tries once more with the id of a known setting that matches
     * case-insensitively; `knownIds` defaults to the ids in the current user's answer.
     */
    deleteAiSetting: async (id: string, options?: { knownIds?: readonly string[] }) => {
      try {
        return await data('deleteAiSetting', { params: { id } })
      } catch (error) {
        if (!(error instanceof ApiError) || error.status !== 404) throw error
        const knownIds = options?.knownIds ?? (await data('getMe')).aiSettings.map((setting) => setting.id)
        const match = knownIds.find((known) => known !== id && known.toLowerCase() === id.toLowerCase())
        if (match === undefined) throw error
        return data('deleteAiSetting', { params: { id: match } })
      }
    },

    getServices: (options?: { signal?: AbortSignal }) => data('getServices', { signal: options?.signal }),
    /** The public price list (GET /api/services): what the pricing grid and partner widgets show. */
    listServices: (options?: { signal?: AbortSignal }) => data('listServices', { signal: options?.signal }),
    /** Which sign-in providers this server offers (Google when configured). */
    authProviders: (options?: { signal?: AbortSignal }) => data('authProviders', { signal: options?.signal }),
    /** The Contact Us methods (GET /api/contact-methods), public. */
    listContactMethods: (options?: { signal?: AbortSignal }) =>
      data('listContactMethods', { signal: options?.signal }),

    /** The services catalogue (GET /api/services/catalogue), public. */
    serviceCatalogue: (options?: { signal?: AbortSignal }) =>
      data('serviceCatalogue', { signal: options?.signal }),

    /** A page of the orders the filters select, newest first; the next cursor is the X-Next-Cursor header. */
    listOrders: async (options: PageOptions & { filters?: OrderFilterQuery } = {}): Promise<Page<Order>> => {
      const { data: orders, response } = await call('listOrders', {
        query: { cursor: options.cursor, limit: options.limit, ...options.filters },
        signal: options.signal,
      })
      return { items: orders, nextCursor: response.headers.get(NEXT_CURSOR_HEADER) || null }
    },
    /** Every order the filters select as a CSV file (GET /api/orders/export). */
    exportOrders: (filters: OrderFilterQuery = {}): Promise<Blob> => {
      const token = options.getToken()
      if (!token) {
        const detail = callSettings.exportOrders?.missingToken ?? NO_TOKEN_FOUND
        return Promise.reject(new ApiError({ kind: 'missing-token', status: null, detail }))
      }
      return downloadFile(
        fetchFunction,
        `${baseUrl}${coreEndpoints.exportOrders.path}${filterQueryText(filters)}`,
        token,
      )
    },
    createOrder: (body: BodyOf<'createOrder'>) => data('createOrder', { body }),
    createMassOrder: (body: BodyOf<'createMassOrder'>) => data('createMassOrder', { body }),
    createSubscription: (body: BodyOf<'createSubscription'>) => data('createSubscription', { body }),
    listSubscriptions: (options?: { signal?: AbortSignal }) =>
      data('listSubscriptions', { signal: options?.signal }),
    cancelSubscription: (id: string) => data('cancelSubscription', { params: { id } }),
    cancelOrder: (id: string) => data('cancelOrder', { params: { id } }),
    requestRefill: (id: string) => data('requestRefill', { params: { id } }),
    retryOrder: (id: string) => data('retryOrder', { params: { id } }),
    retryAllOrders: () => data('retryAllOrders'),
    fetchModels: (body: BodyOf<'fetchModels'>) => data('fetchModels', { body }),
    aiPreview: (body: BodyOf<'aiPreview'>) => data('aiPreview', { body }),

    /** A page of transactions, newest first. */
    listTransactions: async (options: PageOptions = {}): Promise<Page<Transaction>> => {
      const answer = await data('listTransactions', {
        query: { cursor: options.cursor, limit: options.limit },
        signal: options.signal,
      })
      return { items: answer.transactions, nextCursor: answer.nextCursor }
    },
    paymentMethods: (provider: PaymentProvider, options?: { signal?: AbortSignal }) =>
      data('paymentMethods', { params: { provider }, signal: options?.signal }),
    createPayment: (provider: PaymentProvider, body: BodyOf<'createPayment'>) =>
      data('createPayment', { params: { provider }, body }),
    paymentStatus: (orderId: string, options?: { signal?: AbortSignal }) =>
      data('paymentStatus', { query: { order_id: orderId }, signal: options?.signal }),

    listApiKeys: (options?: { signal?: AbortSignal }) => data('listApiKeys', { signal: options?.signal }),
    /** The answer holds the whole key: the only time it is ever shown. */
    createApiKey: (body: BodyOf<'createApiKey'>) => data('createApiKey', { body }),
    revokeApiKey: (id: string) => data('revokeApiKey', { params: { id } }),

    /**
     * Lets this browser open the live updates stream: the bearer token is sent once, and the answer's cookie
     * authenticates the EventSource, which cannot send it. Answers the stream's URL, or null without a token
     * or when the server refused (the panel then keeps polling).
     */
    liveEventsUrl: async (): Promise<string | null> => {
      const token = options.getToken()
      if (!token) return null
      const response = await fetchFunction(`${baseUrl}${LIVE_SESSION_PATH}`, {
        method: 'POST',
        headers: { Authorization: `Bearer ${token}` },
      }).catch(() => null)
      return response?.ok ? `${baseUrl}${LIVE_EVENTS_PATH}` : null
    },
    /** The code step after a sign-in answered `twoFactorRequired`: answers the session. */
    signinTwoFactor: (body: BodyOf<'signinTwoFactor'>) => data('signinTwoFactor', { body }),
    twoFactorStatus: (options?: { signal?: AbortSignal }) =>
      data('twoFactorStatus', { signal: options?.signal }),
    twoFactorSetup: () => data('twoFactorSetup'),
    twoFactorConfirm: (body: BodyOf<'twoFactorConfirm'>) => data('twoFactorConfirm', { body }),
    twoFactorDisable: (body: BodyOf<'twoFactorDisable'>) => data('twoFactorDisable', { body }),
    listSessions: (options?: { signal?: AbortSignal }) => data('listSessions', { signal: options?.signal }),
    revokeSession: (id: string) => data('revokeSession', { params: { id } }),
    revokeOtherSessions: () => data('revokeOtherSessions'),

    /**
     * Any registry call by name: the calls of lazily loaded screens (workspaces, support, notifications, affiliates, analytics) go through it, so
     * the first page's client carries no function of theirs.
     */
    send: data,
  }
  return client
}

export type Client = ReturnType<typeof createClient>
