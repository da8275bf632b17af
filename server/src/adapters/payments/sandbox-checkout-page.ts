// The sandbox's checkout page, as plain HTML: it must work without the panel's JavaScript bundle, like a real
// gateway's hosted page. Pay and Fail are real form posts, so they work with a keyboard, a screen reader,
// or with scripts off.

export interface SandboxCheckoutPageInput {
  orderId: string
  /** Decimal USD string, e.g. '25.00'. */
  amountUsd: string
  /** URL the Pay button posts to. */
  payAction: string
  /** URL the Fail button posts to. */
  failAction: string
}

function escapeHtml(text: string): string {
  return text
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;')
    .replaceAll("'", '&#39;')
}

/** '10000.5' → '$10,000.50' */
function displayUsd(amountUsd: string): string {
  const [whole = '0', fraction = ''] = amountUsd.split('.')
  return `$${whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',')}.${fraction.padEnd(2, '0')}`
}

export function renderSandboxCheckoutPage(input: SandboxCheckoutPageInput): string {
  const amount = escapeHtml(displayUsd(input.amountUsd))
  const orderId = escapeHtml(input.orderId)
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>Sandbox checkout: ${amount}</title>
<style>
  :root { color-scheme: light dark; --text: #1b1b1f; --muted: #46464f; --surface: #ffffff; --page: #f2f2f7;
    --border: #6e6e78; --primary: #0b57d0; --on-primary: #ffffff; --focus: #0b57d0; }
  @media (prefers-color-scheme: dark) {
    :root { --text: #e6e6ee; --muted: #c4c4ce; --surface: #1e1e24; --page: #121216; --border: #9a9aa6;
      --primary: #a8c7fa; --on-primary: #062e6f; --focus: #a8c7fa; }
  }
  * { box-sizing: border-box; }
  body { margin: 0; min-height: 100vh; display: grid; place-items: center; padding: 1rem;
    font: 16px/1.5 system-ui, sans-serif; color: var(--text); background: var(--page); }
  main { width: 100%; max-width: 26rem; padding: 2rem; border-radius: 12px; background: var(--surface);
    border: 1px solid var(--border); }
  h1 { margin: 0 0 0.5rem; font-size: 1.5rem; }
  p { margin: 0 0 1.5rem; color: var(--muted); }
  dl { display: grid; grid-template-columns: auto 1fr; gap: 0.25rem 1rem; margin: 0 0 1.5rem; }
  dt { color: var(--muted); }
  dd { margin: 0; font-weight: 600; overflow-wrap: anywhere; }
  .actions { display: flex; gap: 0.75rem; }
  form { flex: 1; margin: 0; }
  button { width: 100%; min-height: 2.75rem; padding: 0.5rem 1rem; border-radius: 8px; font: inherit;
    font-weight: 600; cursor: pointer; border: 2px solid var(--primary); }
  .pay { background: var(--primary); color: var(--on-primary); }
  .fail { background: transparent; color: var(--text); border-color: var(--border); }
  button:focus-visible { outline: 3px solid var(--focus); outline-offset: 3px; }
</style>
</head>
<body>
<main aria-labelledby="checkout-title">
  <h1 id="checkout-title">Sandbox checkout</h1>
  <p id="checkout-note">A test payment: no money moves. Choose how this payment ends; you then return to the panel.</p>
  <dl>
    <dt>Amount</dt><dd>${amount} USD</dd>
    <dt>Order</dt><dd>${orderId}</dd>
  </dl>
  <div class="actions">
    <form method="post" action="${escapeHtml(input.payAction)}">
      <button type="submit" class="pay" aria-describedby="checkout-note">Pay</button>
    </form>
    <form method="post" action="${escapeHtml(input.failAction)}">
      <button type="submit" class="fail" aria-describedby="checkout-note">Fail</button>
    </form>
  </div>
</main>
</body>
</html>
`
}
