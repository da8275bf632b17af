// The registry of the customer API: the server registers, validates and documents (/api/openapi.json) every
// route from it, the client calls through it, the mocks answer from it. The operator calls are in
// adminEndpoints.ts; the helper types over both registries are in registry.ts. The calls of the first page, the
// order widget and the public pages are declared here (`coreEndpoints`, which the client carries); those of the
// pages opened later are in pageEndpoints.ts, which the client loads with the first of them. The whole customer
// registry is `endpoints` in allEndpoints.ts (`@engage/contract/all-endpoints`, outside the package's index, so
// that nothing the browser loads first imports the later pages' module).

import type { EndpointDefinition } from './endpointDefinition'
import { NEXT_CURSOR_HEADER } from './constants'
import type { PageEndpoints } from './pageEndpoints'
import * as schemas from './schemas'

export const coreEndpoints = {
  logout: {
    method: 'POST',
    path: '/api/logout',
    auth: true,
    workspaceRole: 'person',
    summary: 'End the current session',
    response: schemas.MessageResponse,
  },
  getMe: {
    method: 'GET',
    path: '/api/user/me',
    auth: true,
    workspaceRole: 'viewer',
    summary: 'The signed-in user with recent orders, transactions, AI settings, updates and contact methods',
    response: schemas.MeResponse,
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
    workspaceRole: 'viewer',
    summary: 'Orders, newest first, a page at a time; by id or link, status, service and date range',
    query: schemas.ListOrdersQuery,
    response: schemas.ListOrdersResponse,
    responseHeaders: { [NEXT_CURSOR_HEADER]: 'Cursor of the next (older) page; absent on the last page' },
  },
  exportOrders: {
    method: 'GET',
    path: '/api/orders/export',
    auth: true,
    workspaceRole: 'viewer',
    summary: 'Every order the filters select as a CSV file, newest first (streamed, any number of orders)',
    query: schemas.OrderFilterQuery,
    response: schemas.CsvText,
    responseContentType: 'text/csv',
  },
  createOrder: {
    method: 'POST',
    path: '/api/orders/create',
    auth: true,
    workspaceRole: 'member',
    summary: 'Place an order (charged at once; 402 when the balance is too low)',
    request: schemas.CreateOrderRequest,
    response: schemas.CreateOrderResponse,
  },
  cancelOrder: {
    method: 'POST',
    path: '/api/orders/{id}/cancel',
    auth: true,
    workspaceRole: 'member',
    summary: 'Cancel a pending or processing order and refund what was not delivered',
    params: schemas.IdParam,
    response: schemas.CancelOrderResponse,
  },
  requestRefill: {
    method: 'POST',
    path: '/api/orders/{id}/refill',
    auth: true,
    workspaceRole: 'member',
    summary:
      "Ask the order's provider to refill a completed order within its service's refill window (one refill at a time)",
    params: schemas.IdParam,
    response: schemas.RequestRefillResponse,
  },
  retryAllOrders: {
    method: 'POST',
    path: '/api/orders/retry/all',
    auth: true,
    workspaceRole: 'member',
    summary: 'Queue every paused order for retry',
    response: schemas.RetryAllOrdersResponse,
  },
  retryOrder: {
    method: 'POST',
    path: '/api/orders/retry/{id}',
    auth: true,
    workspaceRole: 'member',
    summary: 'Queue a paused order for retry',
    params: schemas.IdParam,
    response: schemas.RetryOrderResponse,
  },
  listTransactions: {
    method: 'GET',
    path: '/api/wallet/transactions',
    auth: true,
    workspaceRole: 'viewer',
    summary: 'Transactions, newest first, a page at a time',
    query: schemas.ListTransactionsQuery,
    response: schemas.ListTransactionsResponse,
  },
  listServices: {
    method: 'GET',
    path: '/api/services',
    auth: false,
    summary: 'Every enabled service with its rates and quantity limits (CORS for the order widget)',
    response: schemas.ListServicesResponse,
  },
  listContactMethods: {
    method: 'GET',
    path: '/api/contact-methods',
    auth: false,
    summary:
      'The Contact Us methods (support bot, support e-mail with its hours, payment support), for every page',
    response: schemas.ContactMethodsResponse,
  },
  serviceCatalogue: {
    method: 'GET',
    path: '/api/services/catalogue',
    auth: false,
    summary:
      'Every enabled service with its category, description, refill and cancel flags and average completion time',
    response: schemas.ServiceCatalogueResponse,
  },
  authProviders: {
    method: 'GET',
    path: '/api/auth/providers',
    auth: false,
    summary: 'Which sign-in providers this server offers (Google when its client is configured)',
    response: schemas.AuthProvidersResponse,
  },
} as const satisfies Record<string, EndpointDefinition>

export type CoreEndpointName = keyof typeof coreEndpoints

/** The declarations of the calls of the pages opened later, loaded on first use (a chunk of their own). */
export function loadPageEndpoints(): Promise<PageEndpoints> {
  return import('./pageEndpoints').then((module) => module.pageEndpoints)
}
