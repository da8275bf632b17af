// Business constants and timings

export const TIMEZONES = ['UTC', 'EST', 'PST'] as const
type Timezone = (typeof TIMEZONES)[number]
export const DEFAULT_TIMEZONE: Timezone = 'UTC'

export const PASSWORD_MIN = 8
export const PASSWORD_MAX = 128

/** The orders page polls every 20 s (the lead's reading; the dashboard's 30 s reading is not used). */
export const ORDERS_POLL_MS = 20_000
/** Order and dashboard messages clear after 5 s. */
export const MESSAGE_CLEAR_MS = 5_000
/** Auth status messages clear after 4 s. */
export const AUTH_MESSAGE_CLEAR_MS = 4_000
/** Auth requests are tried 3 times: waits of 1 s then 2 s between tries. */
export const AUTH_RETRY_DELAYS = [1_000, 2_000] as const
export const AUTH_MAX_ATTEMPTS = AUTH_RETRY_DELAYS.length + 1
/** The shared authenticated helper retries a network failure twice, after 100 ms then 200 ms. */
export const NETWORK_RETRY_DELAYS = [100, 200] as const
/** ...and a first 401 or 403 once, after 100 ms. */
export const AUTH_STATUS_RETRY_DELAY_MS = 100
export const RESET_REDIRECT_MS = 2_000
export const CHANGE_PASSWORD_REDIRECT_MS = 2_000
export const GOOGLE_REDIRECT_MS = 1_000
export const GOOGLE_POPUP_POLL_MS = 1_000
export const GOOGLE_POPUP_WIDTH = 800
export const GOOGLE_POPUP_HEIGHT = 650
export const MENU_TYPEAHEAD_CLEAR_MS = 350

export const LAYOUT_BREAKPOINT_PX = 768
/** Shown on the orders page when the server gives no panel-wide order count. */
export const PANEL_TOTAL_ORDERS_FALLBACK = 25011
/** Volume discounts apply to orders over this many units. */
export const VOLUME_DISCOUNT_UNITS = 10_000
export const CLAIMED_USERS = '2,500+'
export const REFUND_WINDOW_DAYS = 3
export const REFUND_PAYOUT_BUSINESS_DAYS = 10

/** Local storage keys  */
export const STORAGE_KEYS = { authToken: 'authToken', sessionId: 'sessionId', darkMode: 'darkMode' } as const

/** Page sizes for the keyset-paginated lists (orders, transactions). */
export const PAGE_LIMIT_DEFAULT = 50
export const PAGE_LIMIT_MAX = 100
/** The current-user answer carries the latest this many orders and transactions. */
export const ME_RECENT_LIMIT = 50
/** GET /api/orders/get puts the cursor of the next (older) page in this response header; absent on the last page. */
export const NEXT_CURSOR_HEADER = 'X-Next-Cursor'

/** The deposit form's built-in list when the provider's method list is unavailable. */
export const CRYPTO_FALLBACK_METHODS = [
  { currency: 'BTC', network: 'BTC', name: 'Bitcoin' },
  { currency: 'ETH', network: 'ETH', name: 'Ethereum' },
  { currency: 'USDT', network: 'TRC20', name: 'Tether (TRC20)' },
  { currency: 'USDC', network: 'ETH', name: 'USD Coin' },
  { currency: 'BNB', network: 'BSC', name: 'BNB' },
  { currency: 'DOGE', network: 'DOGE', name: 'Dogecoin' },
  { currency: 'ADA', network: 'ADA', name: 'Cardano' },
  { currency: 'SOL', network: 'SOL', name: 'Solana' },
  { currency: 'XRP', network: 'XRP', name: 'XRP' },
  { currency: 'DOT', network: 'DOT', name: 'Polkadot' },
  { currency: 'LTC', network: 'LTC', name: 'Litecoin' },
  { currency: 'TRX', network: 'TRX', name: 'TRON' },
] as const satisfies readonly { currency: string; network: string; name: string }[]
