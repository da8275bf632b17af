// How each call of the customer's client reports its failures: the texts the screens quote.

import {
  AUTHENTICATION_ERROR_LOG_IN_AGAIN,
  AUTHENTICATION_REQUIRED,
  AUTHENTICATION_TOKEN_NOT_FOUND,
  FAILED_TO_CANCEL_ORDER,
  FAILED_TO_DELETE_AI_SETTING,
  FAILED_TO_FETCH_MODELS,
  FAILED_TO_FETCH_ORDERS,
  FAILED_TO_PLACE_ORDER,
  FAILED_TO_PROCESS_PAYMENT,
  FAILED_TO_REQUEST_REFILL,
  FAILED_TO_RETRY_ORDER,
  FAILED_TO_RETRY_ORDERS,
  FAILED_TO_SAVE_SETTINGS,
  INVALID_PAYMENT_RESPONSE,
  NO_AUTH_TOKEN,
  NO_AUTH_TOKEN_FOUND,
  NO_TOKEN_FOUND,
  PAYMENT_RETURN_FAILED,
  type AuthMode,
  type EndpointName,
} from '@engage/contract'

/** How each call reports its failures. */
export interface CallSettings {
  /** Thrown without sending when the call needs a token and none is stored. */
  missingToken?: string
  /** Shown when the server gives no detail, and for a network failure. */
  failure?: string
  /** Shown when the answer does not match the contract. */
  invalidResponse?: string
  /** Auth calls: the retries and the '{Mode} failed: {message}' text. */
  authMode?: AuthMode
}

// The missing-token text depends on the call without listing which; this assignment follows the
// screens that quote each text: the orders page ('Authentication token not found'), a new order
// ('Authentication error. Please log in again.'), the current-user call ('No auth token found'), settings
// and AI ('Authentication required'), wallet and payments ('No auth token'), and the shared helper
// ('No token found') for the rest.
// Calls without settings (those only lazily loaded screens make, through `send`) read 'No token found'.
export const callSettings: Partial<Record<EndpointName, CallSettings>> = {
  signin: { authMode: 'login' },
  signup: { authMode: 'signup' },
  forgotPassword: { authMode: 'forgot' },
  resetPassword: { authMode: 'reset' },
  changePassword: { authMode: 'change', missingToken: NO_TOKEN_FOUND },
  logout: { missingToken: NO_TOKEN_FOUND },
  getMe: { missingToken: NO_AUTH_TOKEN_FOUND },
  updateProfile: { missingToken: AUTHENTICATION_REQUIRED },
  saveAiSettings: { missingToken: AUTHENTICATION_REQUIRED, failure: FAILED_TO_SAVE_SETTINGS },
  deleteAiSetting: { missingToken: AUTHENTICATION_REQUIRED, failure: FAILED_TO_DELETE_AI_SETTING },
  getServices: {},
  listServices: {},
  serviceCatalogue: {},
  authProviders: {},
  listContactMethods: {},
  listOrders: { missingToken: AUTHENTICATION_TOKEN_NOT_FOUND, failure: FAILED_TO_FETCH_ORDERS },
  exportOrders: { missingToken: AUTHENTICATION_TOKEN_NOT_FOUND },
  createOrder: { missingToken: AUTHENTICATION_ERROR_LOG_IN_AGAIN, failure: FAILED_TO_PLACE_ORDER },
  createMassOrder: { missingToken: NO_TOKEN_FOUND, failure: FAILED_TO_PLACE_ORDER },
  createSubscription: { missingToken: NO_TOKEN_FOUND, failure: FAILED_TO_PLACE_ORDER },
  listSubscriptions: { missingToken: NO_TOKEN_FOUND },
  cancelSubscription: { missingToken: NO_TOKEN_FOUND },
  cancelOrder: { missingToken: AUTHENTICATION_TOKEN_NOT_FOUND, failure: FAILED_TO_CANCEL_ORDER },
  requestRefill: { missingToken: AUTHENTICATION_TOKEN_NOT_FOUND, failure: FAILED_TO_REQUEST_REFILL },
  retryAllOrders: { missingToken: AUTHENTICATION_TOKEN_NOT_FOUND, failure: FAILED_TO_RETRY_ORDERS },
  retryOrder: { missingToken: AUTHENTICATION_TOKEN_NOT_FOUND, failure: FAILED_TO_RETRY_ORDER },
  fetchModels: { missingToken: AUTHENTICATION_REQUIRED, failure: FAILED_TO_FETCH_MODELS },
  aiPreview: { missingToken: AUTHENTICATION_REQUIRED },
  listTransactions: { missingToken: NO_AUTH_TOKEN },
  paymentMethods: { missingToken: NO_AUTH_TOKEN },
  createPayment: {
    missingToken: NO_AUTH_TOKEN,
    failure: FAILED_TO_PROCESS_PAYMENT,
    invalidResponse: INVALID_PAYMENT_RESPONSE,
  },
  paymentStatus: { missingToken: NO_AUTH_TOKEN, failure: PAYMENT_RETURN_FAILED },
  // The API tab of the settings page: settings calls say 'Authentication required'.
  listApiKeys: { missingToken: AUTHENTICATION_REQUIRED },
  createApiKey: { missingToken: AUTHENTICATION_REQUIRED },
  revokeApiKey: { missingToken: AUTHENTICATION_REQUIRED },
  // Two-factor sign-in and sessions: the code step reads like the password step, the rest like settings.
  signinTwoFactor: { authMode: 'login' },
  twoFactorStatus: { missingToken: AUTHENTICATION_REQUIRED },
  twoFactorSetup: { missingToken: AUTHENTICATION_REQUIRED },
  twoFactorConfirm: { missingToken: AUTHENTICATION_REQUIRED },
  twoFactorDisable: { missingToken: AUTHENTICATION_REQUIRED },
  listSessions: { missingToken: AUTHENTICATION_REQUIRED },
  revokeSession: { missingToken: AUTHENTICATION_REQUIRED },
  revokeOtherSessions: { missingToken: AUTHENTICATION_REQUIRED },
  // Support tickets read like the settings' calls.
  listTickets: { missingToken: AUTHENTICATION_REQUIRED },
  createTicket: { missingToken: AUTHENTICATION_REQUIRED },
  getTicket: { missingToken: AUTHENTICATION_REQUIRED },
  replyTicket: { missingToken: AUTHENTICATION_REQUIRED },
  closeTicket: { missingToken: AUTHENTICATION_REQUIRED },
  listNotifications: { missingToken: AUTHENTICATION_REQUIRED },
  markNotificationRead: { missingToken: AUTHENTICATION_REQUIRED },
  markAllNotificationsRead: { missingToken: AUTHENTICATION_REQUIRED },
  notificationPreferences: { missingToken: AUTHENTICATION_REQUIRED },
  updateNotificationPreferences: { missingToken: AUTHENTICATION_REQUIRED },
  getAffiliates: { missingToken: AUTHENTICATION_REQUIRED },
  analytics: { missingToken: AUTHENTICATION_REQUIRED },
  analyticsDelivery: { missingToken: AUTHENTICATION_REQUIRED },
}
