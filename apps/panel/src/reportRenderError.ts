import { CLIENT_ERRORS_PATH, type ClientErrorReport } from '@engage/contract'

/** The longest text sent for a stack; the server refuses longer ones (CLIENT_ERROR_TEXT_MAX). */
const STACK_MAX = 8_000

/**
 * Sends a render failure to the server's log (POST /api/client-errors). Fire and forget: `keepalive` lets it
 * finish when the customer reloads at once, and a failed report is logged to the console, never thrown: the
 * page is already showing its fallback.
 */
export function reportRenderError(error: unknown, componentStack: string | undefined): void {
  const report: ClientErrorReport = {
    message:
      (error instanceof Error ? `${error.name}: ${error.message}` : String(error)).slice(0, 1_000) || 'Error',
    stack: error instanceof Error && error.stack ? error.stack.slice(0, STACK_MAX) : undefined,
    componentStack: componentStack?.slice(0, STACK_MAX),
    path: window.location.pathname.slice(0, 500) || '/',
  }
  fetch(CLIENT_ERRORS_PATH, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(report),
    keepalive: true,
  }).then(
    (response) => {
      if (!response.ok) console.error(`The render failure was not recorded (HTTP ${response.status})`)
    },
    (sendError: unknown) => console.error('The render failure could not be sent', sendError),
  )
}
