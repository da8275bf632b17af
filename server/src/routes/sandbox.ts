import { createHash } from 'node:crypto'
import { type Context, Hono } from 'hono'
import { renderSandboxCheckoutPage, type SandboxOutcomeStatus } from '../adapters/payments'
import { formatMicroUsd } from '../adapters/payments/amounts'
import {
  depositReturnUrl,
  pendingSandboxPayment,
  receiveWebhook,
  recordSandboxOutcome,
} from '../domain/payments'
import type { AppEnv } from '../http/env'

// The sandbox gateway's hosted checkout, mounted at /sandbox (outside /api: browsers open it, as they would a
// gateway's page). GET /sandbox/pay/{orderId} shows the amount with Pay and Fail buttons; each button records
// the outcome, sends our own webhook endpoint the sandbox's signed webhook over HTTP, exactly as a real gateway
// would, and returns the browser to /wallet?payment_status=...&order_id=....

const WEBHOOK_TIMEOUT_MS = 10_000

/**
 * The page's own policy: nothing may load, its one inline style block is allowed by hash, and its forms may
 * post to this server and be redirected to the panel.
 */
function pagePolicy(html: string, publicUrl: string): string {
  const style = /<style>([\s\S]*?)<\/style>/.exec(html)?.[1]
  const styleSource = style
    ? `'sha256-${createHash('sha256').update(style, 'utf8').digest('base64')}'`
    : "'none'"
  return [
    "default-src 'none'",
    `style-src ${styleSource}`,
    `form-action 'self' ${new URL(publicUrl).origin}`,
    "base-uri 'none'",
    "frame-ancestors 'none'",
  ].join('; ')
}

function htmlPage(c: Context<AppEnv>, html: string, status: 200 | 404) {
  return c.html(html, status, {
    'Content-Security-Policy': pagePolicy(html, c.get('deps').config.publicUrl),
    'Cache-Control': 'no-store',
  })
}

const closedCheckoutPage = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>Sandbox checkout not found</title>
</head>
<body>
<main>
  <h1>Sandbox checkout not found</h1>
  <p>This checkout does not exist, or its payment is already finished.</p>
  <p><a href="/wallet">Back to the wallet</a></p>
</main>
</body>
</html>
`

function notFoundPage(c: Context<AppEnv>) {
  return htmlPage(c, closedCheckoutPage, 404)
}

/**
 * Sends the sandbox's webhook to our own endpoint over HTTP, as a gateway does. When the server cannot reach
 * its own public URL (a proxy in front, a name it cannot resolve), the same webhook is handed to the same
 * handler in-process; a webhook that did arrive and is handed over again is a harmless repeat.
 */
async function deliverWebhook(
  c: Context<AppEnv>,
  webhook: { rawBody: string; headers: Record<string, string> },
) {
  const deps = c.get('deps')
  const url = `${deps.config.publicUrl}/api/payments/sandbox/webhook`
  try {
    const response = await fetch(url, {
      method: 'POST',
      headers: webhook.headers,
      body: webhook.rawBody,
      redirect: 'manual',
      signal: AbortSignal.timeout(WEBHOOK_TIMEOUT_MS),
    })
    await response.body?.cancel()
    if (response.ok) return
    deps.logger.warn('Sandbox webhook refused by our endpoint', { url, status: response.status })
  } catch (error) {
    deps.logger.warn('Sandbox webhook could not reach our endpoint; delivering it in-process', {
      url,
      error: error instanceof Error ? error.message : String(error),
    })
  }
  const answer = await receiveWebhook(deps.db, deps.adapters?.payments, {
    provider: 'sandbox',
    rawBody: webhook.rawBody,
    headers: new Headers(webhook.headers),
    now: deps.clock.now(),
  })
  if (answer.status !== 200) {
    deps.logger.error('Sandbox webhook refused in-process', { status: answer.status, reason: answer.reason })
  }
}

async function finishCheckout(c: Context<AppEnv>, status: SandboxOutcomeStatus) {
  const deps = c.get('deps')
  const sandbox = deps.adapters?.payments?.sandbox
  if (!sandbox) return notFoundPage(c)
  const outcome = await recordSandboxOutcome(deps.db, {
    orderId: c.req.param('orderId') ?? '',
    status,
    now: deps.clock.now(),
  })
  if (!outcome) return notFoundPage(c)
  await deliverWebhook(c, sandbox.buildWebhook(outcome))
  // 303: the browser follows the POST's answer with a GET of the wallet.
  return c.redirect(
    depositReturnUrl(
      deps.config.publicUrl,
      outcome.orderId,
      outcome.status === 'paid' ? 'success' : 'failed',
    ),
    303,
  )
}

export const sandboxRoutes = new Hono<AppEnv>()
  .get('/pay/:orderId', async (c) => {
    const deps = c.get('deps')
    if (!deps.adapters?.payments?.sandbox) return notFoundPage(c)
    const orderId = c.req.param('orderId')
    const payment = await pendingSandboxPayment(deps.db, orderId)
    if (!payment) return notFoundPage(c)
    const base = `/sandbox/pay/${encodeURIComponent(orderId)}`
    return htmlPage(
      c,
      renderSandboxCheckoutPage({
        orderId,
        amountUsd: formatMicroUsd(BigInt(payment.amount_requested)),
        payAction: `${base}/pay`,
        failAction: `${base}/fail`,
      }),
      200,
    )
  })
  .post('/pay/:orderId/pay', (c) => finishCheckout(c, 'paid'))
  .post('/pay/:orderId/fail', (c) => finishCheckout(c, 'failed'))
