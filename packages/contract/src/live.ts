// Live updates: the server pushes what changed in a signed-in customer's orders, balance and the panel's
// updates as Server-Sent Events, so an open page refreshes the data at once instead of on its 20-second poll.
//
// The stream is a GET, opened by the browser's EventSource, which cannot send an Authorization header: the
// panel first POSTs to LIVE_SESSION_PATH with its bearer token, and the answer sets an HttpOnly cookie scoped
// to the stream's path that authenticates the GET. Events carry no data beyond what changed; the panel asks
// for the data itself, through the calls it already makes.

/** The event stream (text/event-stream). A reconnect sends `Last-Event-ID` and gets what it missed. */
export const LIVE_EVENTS_PATH = '/api/events'

/** POST with the bearer token: 204 and the stream's cookie. DELETE: 204 and the cookie removed. */
export const LIVE_SESSION_PATH = '/api/events/session'

/**
 * The event names:
 * - `order`: one of the customer's orders was placed or changed (data: `{ "orderId": 42 }`);
 * - `balance`: the customer's balance changed (a charge, refund or deposit; new transactions with it);
 * - `updates`: the panel's updates (news) changed;
 * - `notification`: the customer got a notification, or read one (data: `{ "notificationId": 7 }`);
 * - `reset`: events may have been missed (a reconnect after what the server keeps): everything shown should be
 *   asked for again;
 * - `ping`: sent when the stream starts (after the events of the last 30 seconds on a first connection, or the
 *   missed ones on a reconnect) and as a heartbeat while nothing else is sent, so a dead connection is noticed.
 */
export const LIVE_EVENT_NAMES = ['order', 'balance', 'updates', 'notification', 'reset', 'ping'] as const

export type LiveEventName = (typeof LIVE_EVENT_NAMES)[number]

/** How often the server sends `ping` on a quiet stream. */
export const LIVE_HEARTBEAT_MS = 15_000
