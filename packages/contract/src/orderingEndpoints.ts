// The later pages' calls to order and pay: mass orders, subscriptions, AI models and preview, deposits.

import type { EndpointDefinition } from './endpointDefinition'
import * as schemas from './schemas'

export const orderingEndpoints = {
  createMassOrder: {
    method: 'POST',
    path: '/api/orders/mass',
    auth: true,
    workspaceRole: 'member',
    summary: 'Place several orders at once: all of them or none',
    request: schemas.MassOrderRequest,
    response: schemas.MassOrderResponse,
  },
  createSubscription: {
    method: 'POST',
    path: '/api/orders/subscription',
    auth: true,
    workspaceRole: 'member',
    summary: 'Create a subscription and place its initial order',
    request: schemas.CreateSubscriptionRequest,
    response: schemas.CreateSubscriptionResponse,
  },
  listSubscriptions: {
    method: 'GET',
    path: '/api/orders/subscriptions',
    auth: true,
    workspaceRole: 'viewer',
    summary: "The user's subscriptions, newest first",
    response: schemas.ListSubscriptionsResponse,
  },
  cancelSubscription: {
    method: 'POST',
    path: '/api/orders/subscriptions/{id}/cancel',
    auth: true,
    workspaceRole: 'member',
    summary: 'Stop a subscription (orders already placed continue)',
    params: schemas.IdParam,
    response: schemas.CancelSubscriptionResponse,
  },
  fetchModels: {
    method: 'POST',
    path: '/api/orders/fetch-models',
    auth: true,
    workspaceRole: 'member',
    summary: "List the models an AI provider offers for the customer's key",
    request: schemas.FetchModelsRequest,
    response: schemas.FetchModelsResponse,
  },
  aiPreview: {
    method: 'POST',
    path: '/api/ai/preview',
    auth: true,
    workspaceRole: 'member',
    summary:
      "Write one sample text with an AI setting (the key given, the saved setting's key, or the default)",
    request: schemas.AiPreviewRequest,
    response: schemas.AiPreviewResponse,
  },
  paymentMethods: {
    method: 'GET',
    path: '/api/payments/{provider}/methods',
    auth: true,
    workspaceRole: 'admin',
    summary: 'Crypto currencies the payment provider accepts',
    params: schemas.PaymentProviderParam,
    response: schemas.PaymentMethodsResponse,
  },
  createPayment: {
    method: 'POST',
    path: '/api/payments/{provider}/create',
    auth: true,
    workspaceRole: 'admin',
    summary: "Start a deposit; the browser goes to payment_url, the gateway's checkout page",
    params: schemas.PaymentProviderParam,
    request: schemas.CreatePaymentRequest,
    response: schemas.CreatePaymentResponse,
  },
  paymentStatus: {
    method: 'GET',
    path: '/api/payments/status',
    auth: true,
    workspaceRole: 'admin',
    summary: 'Status and amount of a deposit, by its order_id',
    query: schemas.PaymentStatusQuery,
    response: schemas.PaymentStatusResponse,
  },
} as const satisfies Record<string, EndpointDefinition>
