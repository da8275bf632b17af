// The registry of every API endpoint: the server mounts and documents (z.toJSONSchema → /api/openapi.json)
// from it, the client calls through it, the mocks answer from it.

import * as z from 'zod'
import type { adminEndpoints, AdminEndpointName } from './adminEndpoints'
import { NEXT_CURSOR_HEADER } from './constants'
import * as schemas from './schemas'

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
  /** Response headers the client reads, with their meaning. */
  responseHeaders?: Readonly<Record<string, string>>
}

export const endpoints = {
  signin: {
    method: 'POST',
    path: '/api/signin',
    auth: false,
    summary: 'Sign in with email and password',
    request: schemas.SigninRequest,
    response: schemas.AuthResponse,
  },
  signup: {
    method: 'POST',
    path: '/api/signup',
    auth: false,
    summary: 'Create an account and sign in',
    request: schemas.SignupRequest,
    response: schemas.AuthResponse,
  },
  logout: {
    method: 'POST',
    path: '/api/logout',
    auth: true,
    summary: 'End the current session',
    response: schemas.MessageResponse,
  },
  forgotPassword: {
    method: 'POST',
    path: '/api/auth/forgot-password',
    auth: false,
    summary: 'Send a password reset link (same answer whether or not the email exists)',
    request: schemas.ForgotPasswordRequest,
    response: schemas.MessageResponse,
  },
  resetPassword: {
    method: 'POST',
    path: '/api/auth/reset-password',
    auth: false,
    summary: 'Set a new password with a reset token',
    request: schemas.ResetPasswordRequest,
    response: schemas.MessageResponse,
  },
  changePassword: {
    method: 'POST',
    path: '/api/auth/change-password',
    auth: true,
    summary: 'Change the password (ends the other sessions)',
    request: schemas.ChangePasswordRequest,
    response: schemas.MessageResponse,
  },
  getMe: {
    method: 'GET',
    path: '/api/user/me',
    auth: true,
    summary: 'The signed-in user with recent orders, transactions, AI settings, updates and contact methods',
    response: schemas.MeResponse,
  },
  updateProfile: {
    method: 'PUT',
    path: '/api/user/profile',
    auth: true,
    summary: 'Update email, phone or timezone',
    request: schemas.UpdateProfileRequest,
    response: schemas.UpdateProfileResponse,
  },
  saveAiSettings: {
    method: 'PUT',
    path: '/api/user/ai-settings',
    auth: true,
    summary: 'Create or update AI settings (upsert by id; camelCase or snake_case)',
    request: schemas.SaveAiSettingsRequest,
    response: schemas.AiSettingsResponse,
  },
  deleteAiSetting: {
    method: 'DELETE',
    path: '/api/user/ai-settings/{id}',
    auth: true,
    summary: 'Delete an AI setting (id matched case-insensitively)',
    params: schemas.IdParam,
    response: schemas.AiSettingsResponse,
  },
  getServices: {
    method: 'GET',
    path: '/api/get-services',
    auth: false,
    summary: 'Service name → price per unit in USD',
    response: schemas.GetServicesResponse,
  },
  listOrders: {
    method: 'GET',
    path: '/api/orders/get',
    auth: true,
    summary: 'Orders, newest first, a page at a time',
    query: schemas.ListOrdersQuery,
    response: schemas.ListOrdersResponse,
    responseHeaders: { [NEXT_CURSOR_HEADER]: 'Cursor of the next (older) page; absent on the last page' },
  },
  createOrder: {
    method: 'POST',
    path: '/api/orders/create',
    auth: true,
    summary: 'Place an order (charged at once; 402 when the balance is too low)',
    request: schemas.CreateOrderRequest,
    response: schemas.CreateOrderResponse,
  },
  createMassOrder: {
    method: 'POST',
    path: '/api/orders/mass',
    auth: true,
    summary: 'Place several orders at once: all of them or none',
    request: schemas.MassOrderRequest,
    response: schemas.MassOrderResponse,
  },
  createSubscription: {
    method: 'POST',
    path: '/api/orders/subscription',
    auth: true,
    summary: 'Create a subscription and place its initial order',
    request: schemas.CreateSubscriptionRequest,
    response: schemas.CreateSubscriptionResponse,
  },
  listSubscriptions: {
    method: 'GET',
    path: '/api/orders/subscriptions',
    auth: true,
    summary: "The user's subscriptions, newest first",
    response: schemas.ListSubscriptionsResponse,
  },
  cancelSubscription: {
    method: 'POST',
    path: '/api/orders/subscriptions/{id}/cancel',
    auth: true,
    summary: 'Stop a subscription (orders already placed continue)',
    params: schemas.IdParam,
    response: schemas.CancelSubscriptionResponse,
  },
  cancelOrder: {
    method: 'POST',
    path: '/api/orders/{id}/cancel',
    auth: true,
    summary: 'Cancel a pending or processing order and refund what was not delivered',
    params: schemas.IdParam,
    response: schemas.CancelOrderResponse,
  },
  retryAllOrders: {
    method: 'POST',
    path: '/api/orders/retry/all',
    auth: true,
    summary: 'Queue every paused order for retry',
    response: schemas.RetryAllOrdersResponse,
  },
  retryOrder: {
    method: 'POST',
    path: '/api/orders/retry/{id}',
    auth: true,
    summary: 'Queue a paused order for retry',
    params: schemas.IdParam,
    response: schemas.RetryOrderResponse,
  },
  fetchModels: {
    method: 'POST',
    path: '/api/orders/fetch-models',
    auth: true,
    summary: "List the models an AI provider offers for the customer's key",
    request: schemas.FetchModelsRequest,
    response: schemas.FetchModelsResponse,
  },
  aiPreview: {
    method: 'POST',
    path: '/api/ai/preview',
    auth: true,
    summary:
      "Write one sample text with an AI setting (the key given, the saved setting's key, or the default)",
    request: schemas.AiPreviewRequest,
    response: schemas.AiPreviewResponse,
  },
  listTransactions: {
    method: 'GET',
    path: '/api/wallet/transactions',
    auth: true,
    summary: 'Transactions, newest first, a page at a time',
    query: schemas.ListTransactionsQuery,
    response: schemas.ListTransactionsResponse,
  },
  paymentMethods: {
    method: 'GET',
    path: '/api/payments/{provider}/methods',
    auth: true,
    summary: 'Crypto currencies the payment provider accepts',
    params: schemas.PaymentProviderParam,
    response: schemas.PaymentMethodsResponse,
  },
  createPayment: {
    method: 'POST',
    path: '/api/payments/{provider}/create',
    auth: true,
    summary: "Start a deposit; the browser goes to payment_url, the gateway's checkout page",
    params: schemas.PaymentProviderParam,
    request: schemas.CreatePaymentRequest,
    response: schemas.CreatePaymentResponse,
  },
  paymentStatus: {
    method: 'GET',
    path: '/api/payments/status',
    auth: true,
    summary: 'Status and amount of a deposit, by its order_id',
    query: schemas.PaymentStatusQuery,
    response: schemas.PaymentStatusResponse,
  },
  listApiKeys: {
    method: 'GET',
    path: '/api/user/api-keys',
    auth: true,
    summary: 'API keys for the SMM panel API v2, newest first (name and prefix, never the key)',
    response: schemas.ListApiKeysResponse,
  },
  createApiKey: {
    method: 'POST',
    path: '/api/user/api-keys',
    auth: true,
    summary: 'Create an API key; the answer holds the whole key, shown this once',
    request: schemas.CreateApiKeyRequest,
    response: schemas.CreateApiKeyResponse,
  },
  revokeApiKey: {
    method: 'DELETE',
    path: '/api/user/api-keys/{id}',
    auth: true,
    summary: 'Revoke an API key: it stops working at once',
    params: schemas.IdParam,
    response: schemas.RevokeApiKeyResponse,
  },
  listServices: {
    method: 'GET',
    path: '/api/services',
    auth: false,
    summary: 'Every enabled service with its rates and quantity limits (CORS for the order widget)',
    response: schemas.ListServicesResponse,
  },
  authProviders: {
    method: 'GET',
    path: '/api/auth/providers',
    auth: false,
    summary: 'Which sign-in providers this server offers (Google when its client is configured)',
    response: schemas.AuthProvidersResponse,
  },
} as const satisfies Record<string, EndpointDefinition>

export type EndpointName = keyof typeof endpoints

/** Every registry entry, customer (endpoints) and operator (adminEndpoints in adminEndpoints.ts), for the types. */
type Registry = typeof endpoints & typeof adminEndpoints
/** A name of either registry: the helper types below take both. */
export type AnyEndpointName = EndpointName | AdminEndpointName

/**
 * Names for the shared schemas, so z.toJSONSchema can emit them once under components/$defs:
 * `z.toJSONSchema(schema, { metadata: schemaRegistry })`. A registry of our own (not z.globalRegistry) so a
 * module reloaded by Vite's hot update does not trip the global registry's unique-id check.
 */
export const schemaRegistry = z.registry<{ id: string; description?: string }>()
for (const [id, schema] of Object.entries({
  Order: schemas.Order,
  AiSetting: schemas.AiSetting,
  Transaction: schemas.Transaction,
  Subscription: schemas.Subscription,
  Update: schemas.Update,
  ContactMethod: schemas.ContactMethod,
  CryptoMethod: schemas.CryptoMethod,
  ModelOption: schemas.ModelOption,
  ErrorResponse: schemas.ErrorResponse,
})) {
  schemaRegistry.add(schema, { id })
}

/** Fills an OpenAPI-style path: buildPath('/api/orders/{id}/cancel', { id: '42' }) → '/api/orders/42/cancel'. */
export function buildPath(path: string, params: Readonly<Record<string, string>> = {}): string {
  return path.replace(/\{(\w+)\}/g, (_match, name: string) => {
    const value = params[name]
    if (value === undefined) throw new Error(`Missing path parameter ${name} for ${path}`)
    return encodeURIComponent(value)
  })
}

/** The parsed (output) type of an endpoint's 200 answer. */
export type EndpointResponse<Name extends AnyEndpointName> = z.output<Registry[Name]['response']>

/** The JSON body an endpoint accepts, as a caller writes it (before defaults and normalisation). */
export type EndpointRequest<Name extends AnyEndpointName> = Registry[Name] extends {
  request: infer Schema extends z.ZodType
}
  ? z.input<Schema>
  : never

/** The JSON body after validation (defaults filled, AI settings normalised): what a handler works with. */
export type EndpointParsedRequest<Name extends AnyEndpointName> = Registry[Name] extends {
  request: infer Schema extends z.ZodType
}
  ? z.output<Schema>
  : never

/** The query parameters after validation (defaults filled). */
export type EndpointParsedQuery<Name extends AnyEndpointName> = Registry[Name] extends {
  query: infer Schema extends z.ZodType
}
  ? z.output<Schema>
  : never

/** The path parameters after validation. */
export type EndpointParsedParams<Name extends AnyEndpointName> = Registry[Name] extends {
  params: infer Schema extends z.ZodType
}
  ? z.output<Schema>
  : never
