// Every user-facing text of the spec, exactly as written there, plus the few texts the spec leaves to us
// (marked "house text"). Server details, schema messages and screens all read from here, so the 422 detail
// of the API and the message shown beside a field are the same words.

import { formatUsd } from './money'

// ---- Validation --------------------------------------------------------------------------------------

export const SERVICE_TYPE_REQUIRED = 'Please select an action type'
export const VALID_URL_REQUIRED = 'Valid URL required'
/** The lead's reading : the rule is 1..10000, so the message says 1 (ADR 004). */
export const QUANTITY_RANGE_MESSAGE = 'Quantity must be between 1 - 10,000'
export const QUANTITY_PLACEHOLDER = 'Minimum: 1'
/** House text: a quantity with a fractional part ('2.5'), which no service can deliver. */
export const QUANTITY_WHOLE_NUMBER_MESSAGE = 'Quantity must be a whole number'
export const API_KEY_REQUIRED = 'Please enter your API key'
export const MODEL_REQUIRED = 'Please select a model'
export const AMOUNT_REQUIRED = 'Amount is required'
export const MINIMUM_DEPOSIT_MESSAGE = 'Minimum deposit is $5.00'
export const MAXIMUM_DEPOSIT_MESSAGE = 'Maximum deposit is $10,000.00'
export const CANCEL_ORDER_CONFIRMATION = 'Are you sure you want to cancel this order?'
export const POPUPS_BLOCKED = 'Please allow popups for this site'
export const GENERIC_ERROR = 'An error occurred. Please try again.'

// House texts for rules the spec states without a message.
export const EMAIL_REQUIRED = 'Email is required'
export const EMAIL_INVALID = 'Please enter a valid email address'
export const PASSWORD_REQUIRED = 'Password is required'
export const PASSWORD_TOO_SHORT = 'Password must be at least 8 characters'
export const PASSWORD_TOO_LONG = 'Password must be at most 128 characters'
export const PASSWORDS_DO_NOT_MATCH = 'Passwords do not match'
export const PASSWORD_CONTAINS_EMAIL = 'Password must not contain your email address'
/** A password the strength estimate finds among the first an attacker tries; `reason` is the estimate's own. */
export function passwordTooEasy(reason: string | null | undefined): string {
  const why = reason ? ` (${reason.replace(/\.$/, '').toLowerCase()})` : ''
  return `Password is too easy to guess${why}: use a longer phrase of unrelated words`
}
export const CURRENT_PASSWORD_REQUIRED = 'Current password is required'
export const RESET_TOKEN_REQUIRED = 'Reset token is required'
export const AI_SETTING_NAME_REQUIRED = 'Name is required'
export const AI_MODEL_REQUIRED = 'Model is required'
export const AI_PROVIDER_INVALID = 'Provider must be one of openai, deepseek, openrouter, replicate'
export const TEMPERATURE_RANGE_MESSAGE = 'Temperature must be between 0 and 2 in steps of 0.1'
export const MAX_TOKENS_RANGE_MESSAGE = 'Max tokens must be a whole number between 1 and 32,000'
export const TOP_P_RANGE_MESSAGE = 'Top P must be between 0 and 1'
export const PENALTY_RANGE_MESSAGE = 'Penalties must be between -2 and 2'
export const DEPOSIT_STEP_MESSAGE = 'Amount must have at most 2 decimal places'
export const DEPOSIT_CURRENCY_MESSAGE = 'Only USD deposits are accepted'
export const CONTROL_CHARACTERS_MESSAGE = 'Must not contain control characters'
export const TIMEZONE_INVALID = 'Timezone must be one of UTC, EST, PST'
export const PHONE_INVALID = 'Please enter a valid phone number'
export const RENEWAL_PERIOD_INVALID = 'Please select a renewal period'
export const START_DATE_REQUIRED = 'Start date is required'
export const END_DATE_REQUIRED = 'End date is required'
export const END_BEFORE_START = 'End date must be after the start date'
export const MASS_ORDER_EMPTY = 'Add at least one service to the mass order'
export const MASS_ORDER_TOO_MANY = 'A mass order holds at most 100 items'
export const ORDER_ID_REQUIRED = 'Order id is required'
export const PAYMENT_PROVIDER_INVALID = 'Unknown payment provider'
export const CURSOR_INVALID = 'Invalid cursor'
export const LIMIT_RANGE_MESSAGE = 'Limit must be between 1 and 100'
export const INVALID_REQUEST_BODY = 'Invalid request body'

// House texts of the analytics and the operator reports' date range (both ends included, on the reader's clock).
export const ANALYTICS_DATE_INVALID = 'Enter a date as YYYY-MM-DD'
export const ANALYTICS_RANGE_REVERSED = 'The end date must not be before the start date'
export const ANALYTICS_RANGE_TOO_LONG = 'Choose a range of at most 366 days'
export const ANALYTICS_GRANULARITY_INVALID = 'Group by day, week or month'
export const REPORT_TABLE_INVALID =
  'Table must be one of periods, services, providers, gateways, customers, upstream'
export const REPORT_TOP_RANGE = 'Top customers must be a whole number between 1 and 100'

// ---- Tokens and roles ------------------------------------------------------------------------------

/** Per-call missing-token messages,  lists them. */
export const AUTHENTICATION_TOKEN_NOT_FOUND = 'Authentication token not found'
export const AUTHENTICATION_REQUIRED = 'Authentication required'
export const NO_AUTH_TOKEN = 'No auth token'
/** The shared authenticated helper's message. */
export const NO_TOKEN_FOUND = 'No token found'
/** Logged by the current-user call. */
export const NO_AUTH_TOKEN_FOUND = 'No auth token found'
/** The route guard's message. */
export const NO_AUTHENTICATION_TOKEN_AVAILABLE = 'No authentication token available'
/** House text: the server's 401 for a token that is unknown, expired or revoked. */
export const INVALID_OR_EXPIRED_TOKEN = 'Invalid or expired session. Please log in again.'

// ---- Auth screen ----------------------------------------------------------------------------

export const AUTH_MODES = ['login', 'signup', 'forgot', 'reset', 'change'] as const
export type AuthMode = (typeof AUTH_MODES)[number]

export const AUTH_MODE_HEADINGS: Record<AuthMode, string> = {
  login: 'Login',
  signup: 'Sign Up',
  forgot: 'Forgot Password',
  reset: 'Reset Password',
  change: 'Change Password',
}

export const PROCESSING = 'Processing...'
export const OR_CONTINUE_WITH = 'Or continue with'
export const SIGN_IN_WITH_GOOGLE = 'Sign in with Google'
export const SIGN_UP_WITH_GOOGLE = 'Sign up with Google'
export const NO_ACCOUNT_SIGN_UP = "Don't have an account? Sign up"
export const FORGOT_YOUR_PASSWORD = 'Forgot your password?'
export const HAVE_ACCOUNT_LOGIN = 'Already have an account? Login'
export const BACK_TO_LOGIN = 'Back to Login'

/** The failed submit button: '<Mode> Failed', e.g. 'Sign Up Failed'. */
export function modeFailedLabel(mode: AuthMode): string {
  return `${AUTH_MODE_HEADINGS[mode]} Failed`
}

/** After the retries: '{Mode} failed: {message}', e.g. 'Login failed: Invalid email or password'. */
export function modeFailedMessage(mode: AuthMode, message: string): string {
  return `${AUTH_MODE_HEADINGS[mode]} failed: ${message}`
}

/** A non-OK answer without a server error text. */
export function requestFailedWithStatus(status: number): string {
  return `Request failed with status ${String(status)}`
}

// House texts for the auth endpoints' answers and refusals.
export const INVALID_CREDENTIALS = 'Invalid email or password'
export const EMAIL_ALREADY_REGISTERED = 'An account with this email already exists'
export const TOO_MANY_ATTEMPTS = 'Too many attempts. Please try again later.'
export const RESET_LINK_SENT = 'If an account exists for that email, a password reset link has been sent.'
export const RESET_TOKEN_INVALID = 'This reset link is invalid or has expired'
export const PASSWORD_RESET_SUCCESS = 'Your password has been reset. You can now log in.'
export const CURRENT_PASSWORD_INCORRECT = 'Current password is incorrect'
export const PASSWORD_CHANGED = 'Your password has been changed'
export const LOGGED_OUT = 'Logged out'

// ---- Orders -----------------------------------------------------------------------------------------

export const FAILED_TO_PLACE_ORDER = 'Failed to place order'
export const FAILED_TO_CANCEL_ORDER = 'Failed to cancel order'
export const FAILED_TO_RETRY_ORDERS = 'Failed to retry orders'
export const FAILED_TO_RETRY_ORDER = 'Failed to retry order'
export const FAILED_TO_FETCH_ORDERS = 'Failed to fetch orders'
export const AUTHENTICATION_ERROR_LOG_IN_AGAIN = 'Authentication error. Please log in again.'

export const ORDER_PLACED = 'Order placed successfully!'
export const SUBSCRIPTION_CREATED = 'Subscription created and initial order placed successfully!'
export const MASS_ORDERS_PLACED = 'Mass Orders placed successfully!'
export const ORDER_CANCELLED = 'Order cancelled successfully'
/** House text: the order had reached the provider, which is asked to stop it (the answer 202). */
export const ORDER_CANCEL_REQUESTED =
  'Cancellation requested: the provider is asked to stop this order, and what it did not deliver comes back to your balance.'
/** House text: the status an order shows while its cancellation waits for the provider. */
export const ORDER_CANCELLING = 'Cancelling'
export const ALL_PAUSED_ORDERS_QUEUED = 'All paused orders have been queued for retry'

/** 'Order {id} has been queued for retry'. */
export function orderQueuedForRetry(orderId: string): string {
  return `Order ${orderId} has been queued for retry`
}

// House texts for the order endpoints' refusals.
export const INSUFFICIENT_BALANCE = 'Insufficient balance'
/** House text: the summary's word on how a subscription is paid. */
export function chargedPeriodByPeriod(perPeriod: string): string {
  return `Charged period by period: ${perPeriod} as each period starts, not the total at once.`
}
/** House text: a subscription whose first period the balance cannot pay is refused before it is sent. */
export function firstPeriodNotCovered(perPeriod: string): string {
  return `Your balance does not cover the first period (${perPeriod}). Add funds, then subscribe.`
}
/**
 * House text: an AI order whose setting has no key of its own, on a server without the operator's key for that
 * provider, would be charged and then never written; it is refused before the charge.
 */
export function aiKeyRequired(providerName: string): string {
  return `This AI setting has no API key for ${providerName}, and this panel has none to lend. Add your key to the setting in AI settings, then place the order again.`
}
/** House text: the API Key of a setting saved without one, on a panel that lends its own key for the provider. */
export const NO_SAVED_AI_KEY = "None saved: orders use this panel's key for the provider"
/** House text: the API Key of a setting saved without one, on a panel with no key of its own for the provider. */
export function noAiKeyToLend(providerName: string): string {
  return `None saved, and this panel has no key for ${providerName} to lend: orders with this setting are refused until you add yours`
}
/** House text: the picker's mark on a setting that cannot write (no key of its own, none lent by the panel). */
export function aiSettingCannotRun(providerName: string): string {
  return `Cannot run: no API key for ${providerName}. Add yours in AI settings.`
}
/** House text: the link beside a refusal for a missing AI key. */
export const OPEN_AI_SETTINGS = 'Open AI settings'
/** House text: the link to the wallet beside 'Insufficient balance'. */
export const ADD_FUNDS = 'Add funds'
export const UNKNOWN_SERVICE = 'Unknown service'
export const ORDER_NOT_FOUND = 'Order not found'
export const DUPLICATE_ACTIVE_ORDER = 'An order for this link and service is already in progress'
export const ORDER_NOT_CANCELLABLE = 'Only pending or processing orders can be cancelled'
export const ORDER_NOT_RETRYABLE = 'Only paused orders can be retried'
export const NO_PAUSED_ORDERS = 'There are no paused orders to retry'
export const SUBSCRIPTION_NOT_FOUND = 'Subscription not found'
export const SUBSCRIPTION_NOT_ACTIVE = 'Only active subscriptions can be cancelled'
export const SUBSCRIPTION_CANCELLED = 'Subscription cancelled'
export const AI_SETTING_NOT_FOUND = 'AI setting not found'

// ---- Refills ----------------------------------------------------------------------------------------

export const REFILL_NOT_OFFERED = 'This service does not offer refills'
export const REFILL_ONLY_COMPLETED = 'Only completed orders can be refilled'
export const REFILL_ALREADY_ACTIVE = 'A refill of this order is already in progress'
/** 'The refill window of this order ended on 12/26/2026': the date on the customer's clock. */
export function refillWindowEnded(date: string): string {
  return `The refill window of this order ended on ${date}`
}
export const REFILL_CONFIRMATION = 'Request a refill of this order?'
/** House text: the confirmation's explanation. */
export function refillExplanation(orderId: string): string {
  return `The provider is asked to top up what order ${orderId} has lost since it completed. A refill costs nothing.`
}
export const REFILL_REQUESTED = 'Refill requested: the provider is asked to top up this order.'
export const FAILED_TO_REQUEST_REFILL = 'Failed to request a refill'

// ---- Mass order items -------------------------------------------------------------------------------

export const FAILED_TO_ADD_MASS_ITEM = 'Failed to add mass order item. Please try again.'
export const FAILED_TO_UPDATE_MASS_ITEM = 'Failed to update mass order item. Please try again.'
export const FAILED_TO_EDIT_ITEM = 'Failed to edit item. Please try again.'
export const FAILED_TO_SAVE_CHANGES = 'Failed to save changes. Please try again.'

// Mass order as text: each message is shown after 'Line 3: '.
export const MASS_TEXT_EMPTY = 'Paste at least one line: service_id|link|quantity'
export const MASS_TEXT_LINE_FORMAT = 'Write the line as service_id|link|quantity'
export const MASS_TEXT_SERVICE_ID_REQUIRED = 'Service id is missing'

export function massTextUnknownService(id: string): string {
  return `No service has the id ${id}`
}

export function massTextRepeatedLine(firstLine: number): string {
  return `Same service and link as line ${String(firstLine)}`
}

/** More lines than the queue has room for. */
export function massTextTooManyLines(room: number): string {
  return `${MASS_ORDER_TOO_MANY}: paste at most ${String(room)} more lines`
}

/** 'Line 3: Valid URL required'. */
export function massTextLineError(line: number, message: string): string {
  return `Line ${String(line)}: ${message}`
}

// ---- AI ---------------------------------------------------------------------------------------------

export const FAILED_TO_FETCH_MODELS = 'Failed to fetch models'
export const FAILED_TO_CREATE_SETTING = 'Failed to create new setting'
export const FAILED_TO_SAVE_SETTINGS = 'Failed to save settings'
export const DELETE_FAILED = 'Delete failed'
export const FAILED_TO_DELETE_AI_SETTING = 'Failed to delete AI setting'
export const SELECT_ONE_AI_SETTING = 'Select one AI setting for this order'

// ---- Wallet and payments ------------------------------------------------------------------------

export const FAILED_TO_PROCESS_PAYMENT = 'Failed to process payment. Please try again.'
export const INVALID_PAYMENT_RESPONSE = 'Invalid payment response'
export const PAYMENT_RETURN_FAILED =
  'Payment failed. Please try again or contact support if the issue persists.'
export const PAYMENT_PROCESSING = 'Your payment is being processed. Balance will be updated once confirmed.'
export const PAYMENT_FAILED = 'Payment failed. Please try again or contact support.'
export const PAYMENT_NOT_FOUND = 'Payment not found'
export const MORE_CRYPTO_METHODS = '+50 More'

/** 'Deposit of ${amount} initiated. Please complete the payment process.' with the amount as '$10.00'. */
export function depositInitiated(amountUsd: number): string {
  return `Deposit of ${formatUsd(amountUsd)} initiated. Please complete the payment process.`
}

/** 'Payment of ${amount} was successful! Your balance has been updated.' with the amount as '$10.00'. */
export function paymentSuccessful(amountUsd: number): string {
  return `Payment of ${formatUsd(amountUsd)} was successful! Your balance has been updated.`
}

// ---- Empty states and page-level texts ----------------------------------------------------------

export const NO_ORDERS_FOUND = 'No orders found'
export const NO_SERVICES_AVAILABLE = 'No services available'
export const NO_SERVICES_AVAILABLE_AT_THE_MOMENT = 'No services available at the moment.'
export const NO_TRANSACTIONS_FOUND = 'No transactions found'
export const SOMETHING_WENT_WRONG = 'Something went wrong'
export const REFRESH_PAGE = 'Refresh Page'
export const ORDERS_PAGE_ERROR = 'The orders page encountered an error. Please refresh the page to try again.'
export const UNEXPECTED_ERROR_REFRESH = 'An unexpected error occurred. Please refresh the page.'
export const UNEXPECTED_APPLICATION_ERROR = 'Unexpected Application Error!'
/** House text: the API's answer to an unexpected failure (never for bad input). */
export const INTERNAL_SERVER_ERROR = 'Internal server error'
export const NOT_FOUND = 'Not found'

// ---- Labels quoted by the spec ----------------------------------------------------------------------

export const TOTAL_USD_AMOUNT = 'Total USD Amount'
export const YOUR_RECENT_ORDERS = 'Your Recent Orders'
export const MOST_POPULAR = 'Most Popular'
export const SUPPORT_HOURS = 'Everyday | 9 AM to 5 PM'

// ---- Operator console (ADR 070): house texts -----------------------------------------------------

/** A customer's token on an operator route (403). */
export const OPERATOR_FORBIDDEN = 'Operator access required'
/** A support account on an admin-only route (403). */
export const ADMIN_ONLY = 'Only an admin can do this'
export const ADMIN_REASON_REQUIRED = 'A reason is required'
export const ADMIN_NAME_REQUIRED = 'Name is required'
export const ADMIN_TITLE_REQUIRED = 'Title is required'
export const ADMIN_API_URL_INVALID = 'Enter the API URL, e.g. https://panel.example/api/v2'
export const ADMIN_IDEMPOTENCY_KEY_REQUIRED =
  'An idempotency key of 8 to 100 letters, digits, _ . : - is required'
export const ADMIN_RATE_RANGE = 'Rate per 1,000 must be between 0 and 100,000 with at most 6 decimals'
export const ADMIN_QUANTITY_LIMIT_RANGE = 'Limits must be whole numbers between 1 and 10,000,000'
export const ADMIN_REFILL_DAYS_RANGE = 'The refill window must be a whole number of days between 1 and 365'
export const ADMIN_LIMITS_ORDER = 'Maximum must not be below the minimum'
export const ADMIN_SERVICE_NAME_INVALID = 'Use 1 to 60 lowercase letters, digits or underscores'
export const ADMIN_AMOUNT_STEP = 'Amount must be in USD with at most 2 decimal places'
export const ADMIN_AMOUNT_NOT_ZERO = 'Amount must not be zero'
export const ADMIN_MARGIN_RANGE =
  'Margin must be a percentage between -100 and 10,000 with at most 2 decimals'
export const ADMIN_BALANCE_BELOW_ZERO = 'The balance cannot go below zero'
export const ADMIN_REFUND_TOO_LARGE = 'The refund exceeds what is left to refund on this order'
export const ADMIN_NOTHING_TO_REFUND = 'Nothing is left to refund on this order'
export const ADMIN_LAST_ADMIN = 'The last admin cannot be demoted or disabled'
export const ADMIN_NOT_YOURSELF = 'You cannot disable your own account'
export const ADMIN_SERVICE_NAME_TAKEN = 'A service with this name already exists'
export const ADMIN_PROVIDER_NAME_TAKEN = 'A provider with this name already exists'
/** House text: adding a provider (or changing its key) asks its balance first; the provider refused the key. */
export function providerKeyRefused(upstreamMessage: string): string {
  return `The provider refused this API key (it answered "${upstreamMessage}"). Check the key and try again.`
}
/** House text: the provider's balance could not be asked at this address (no answer, or not an SMM panel). */
export function providerUnreachable(upstreamMessage: string): string {
  return `The provider could not be reached at this API URL (${upstreamMessage}). Check the address and try again.`
}
/** House text: a provider is deleted only when none of its orders is still pending, processing or paused. */
export function providerHasActiveOrders(orderIds: readonly string[]): string {
  const shown = orderIds.slice(0, 10).map((id) => `#${id}`)
  const more = orderIds.length > shown.length ? ` and ${orderIds.length - shown.length} more` : ''
  const count = orderIds.length === 1 ? '1 active order' : `${orderIds.length} active orders`
  return `This provider still has ${count} (${shown.join(', ')}${more}). Wait until they finish or cancel them, or disable the provider instead.`
}
export const ADMIN_PROVIDER_MAPPING_INCOMPLETE = 'Set both the provider and its service id, or neither'
export const ADMIN_ORDER_NOT_PAUSABLE = 'Only pending orders not yet sent to the provider can be paused'
export const ADMIN_JOB_NOT_DEAD = 'Only dead jobs can be retried'
export const ADMIN_IDEMPOTENCY_KEY_REUSED = 'This idempotency key was already used for another request'
export const USER_NOT_FOUND = 'User not found'
export const SERVICE_NOT_FOUND = 'Service not found'
export const PROVIDER_NOT_FOUND = 'Provider not found'
export const UPDATE_NOT_FOUND = 'Update not found'
export const CONTACT_METHOD_NOT_FOUND = 'Contact method not found'
export const JOB_NOT_FOUND = 'Job not found'
export const AFFILIATE_RATE_RANGE =
  'Commission must be a whole number of basis points between 0 and 5,000 (50 %)'
export const AFFILIATE_HOLD_RANGE = 'Hold must be a whole number of days between 0 and 365'
