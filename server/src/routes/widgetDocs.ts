// The embedder's guide (/widget/docs): how a partner puts the order widget on a page, with the widget itself
// embedded as live examples. Plain HTML and one stylesheet from our origin, under the server's own policy
// (scripts, styles and API calls from 'self'); its only script is the widget's loader.

/** Text for HTML (code samples show markup as text). */
function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`)
}

const code = (text: string) => `<pre><code>${escapeHtml(text.trim())}</code></pre>`

const table = (caption: string, head: string[], rows: string[][]) => `<table>
        <caption>${caption}</caption>
        <thead><tr>${head.map((cell) => `<th scope="col">${cell}</th>`).join('')}</tr></thead>
        <tbody>${rows.map((row) => `<tr>${row.map((cell, index) => (index === 0 ? `<th scope="row">${cell}</th>` : `<td>${cell}</td>`)).join('')}</tr>`).join('')}</tbody>
      </table>`

/** The guide, for a panel at `origin`. */
export function widgetDocsPage(origin: string): string {
  const embed = `<script src="${origin}/widget/loader.js" async></script>
<engage-order-widget service="likes" theme="light">
  <!-- Shown until the widget starts, and if its loader cannot be reached -->
  <p>Order likes on <a href="${origin}/dashboard?service=likes">Engage Panel</a>.</p>
</engage-order-widget>`
  return `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <title>Embedding the order widget · Engage Panel</title>
    <meta name="description" content="How to put the Engage Panel order widget on a partner page: the tag, attributes, events, theming, CSP and React." />
    <link rel="stylesheet" href="/widget/docs.css" />
    <script src="/widget/loader.js" async></script>
  </head>
  <body>
    <header>
      <p><a href="/">Engage Panel</a></p>
      <h1>Embedding the order widget</h1>
      <p>One script tag and one element put the panel's order form on your page: your visitors choose a service, a link and a quantity, see the total, and Order takes them into the panel with the order filled in.</p>
      <nav aria-label="On this page">
        <ul>
          <li><a href="#tag">The tag</a></li>
          <li><a href="#attributes">Attributes</a></li>
          <li><a href="#down">When the panel is down</a></li>
          <li><a href="#events">Events</a></li>
          <li><a href="#theming">Theming</a></li>
          <li><a href="#csp">Content-Security-Policy</a></li>
          <li><a href="#react">React</a></li>
        </ul>
      </nav>
    </header>
    <main>
      <section aria-labelledby="tag">
        <h2 id="tag">The tag</h2>
        <p>Add the loader once per page (it is about 2 KB and cached for a minute), then the element wherever the widget goes. The widget's code (about 160 KB compressed) loads only when an element comes near the screen.</p>
        ${code(embed)}
        <p>The widget lives in its own shadow root: your styles do not reach it and its styles do not reach your page. Its box is yours to place and size (<code>display: block</code> by default; set a <code>max-width</code>).</p>
        <h3>Live example</h3>
        <div class="example">
          <engage-order-widget service="likes" theme="light">
            <p>Order likes on <a href="${origin}/dashboard?service=likes">Engage Panel</a>.</p>
          </engage-order-widget>
        </div>
        <p>See it on a page with a hostile stylesheet and a strict policy: <a href="/widget/demo">the demo partner page</a>.</p>
      </section>

      <section aria-labelledby="attributes">
        <h2 id="attributes">Attributes</h2>
        ${table(
          'The element reads these attributes; changing one re-renders the widget.',
          ['Attribute', 'Default', 'What it does'],
          [
            [
              '<code>service</code>',
              'none',
              'The service preselected in Action Type, e.g. <code>likes</code>. An unknown name leaves the choice to the customer.',
            ],
            ['<code>theme</code>', '<code>dark</code>', '<code>dark</code> or <code>light</code>.'],
            ['<code>api-base</code>', "the loader's origin", 'Where the services and prices come from.'],
            [
              '<code>panel-url</code>',
              "the loader's origin",
              'Where the Order button and the fallback link go.',
            ],
          ],
        )}
        <p>The widget shows each service's quantity range under Quantity and the total as the panel shows it. Several widgets on one page share a single request for the services.</p>
      </section>

      <section aria-labelledby="down">
        <h2 id="down">When the panel is down</h2>
        <ul>
          <li><strong>The loader cannot be reached:</strong> the browser shows what you put inside the element, so put a sentence with a link to the panel there (as in the tag above). Once the widget starts, that content is hidden. Style it with <code>engage-order-widget:not(:defined)</code> if you like.</li>
          <li><strong>The widget's code or the services cannot be loaded:</strong> the widget shows “Ordering is unavailable right now. Trying again shortly.” with an “Order on Engage Panel” link and a “Try again” button, never an empty form. It tries again by itself after 2, 4, 8… seconds, up to once a minute, and dispatches <code>engage:error</code> each time.</li>
        </ul>
      </section>

      <section aria-labelledby="events">
        <h2 id="events">Events</h2>
        <p>The element dispatches DOM <code>CustomEvent</code>s that bubble and cross the shadow boundary: listen on the element, a container or the document.</p>
        ${table(
          'The events and their detail.',
          ['Event', 'detail', 'When'],
          [
            [
              '<code>engage:ready</code>',
              '<code>{ services }</code>',
              'The services have arrived and the form can be used.',
            ],
            [
              '<code>engage:order</code>',
              '<code>{ service, link, quantity, total, panelLink }</code>',
              'Order was pressed with valid values. <code>total</code> is the text shown (<code>$1.2000</code>). Cancelable: <code>preventDefault()</code> keeps the customer on your page and the order is yours to handle.',
            ],
            [
              '<code>engage:error</code>',
              '<code>{ reason, message, retryInMs }</code>',
              "The widget's code (<code>reason: 'bundle'</code>) or the services (<code>'services'</code>) could not be loaded.",
            ],
          ],
        )}
        ${code(`document.addEventListener('engage:order', (event) => {
  analytics.track('widget order', event.detail) // { service, link, quantity, total, panelLink }
})`)}
        <p>Types for TypeScript: <code>import type {} from '@engage/widget/element'</code> adds the element and its events to <code>document.querySelector</code> and <code>addEventListener</code>; without npm, the same file is at <a href="/widget/element.d.ts">/widget/element.d.ts</a>.</p>
      </section>

      <section aria-labelledby="theming">
        <h2 id="theming">Theming</h2>
        <p>Set these custom properties on the element (or any ancestor); they are the only styles of yours that reach inside.</p>
        ${table(
          'The custom properties the widget reads.',
          ['Property', 'Styles'],
          [
            ['<code>--engage-accent</code>', 'The Order button, the focus ring and checked controls.'],
            [
              '<code>--engage-accent-hover</code>',
              'The Order button hovered and pressed (defaults to the accent).',
            ],
            [
              '<code>--engage-on-accent</code>',
              'Text on the accent: choose it for a contrast of at least 4.5:1.',
            ],
            ['<code>--engage-radius</code>', "The corners of the fields, the button and the widget's box."],
            ['<code>--engage-font</code>', 'The font family (a font your page has loaded).'],
          ],
        )}
        <p>Two parts can be styled with <code>::part()</code>: <code>root</code>, the widget's box (border, background, shadow, padding), and <code>unavailable</code>, the message shown when the panel is down.</p>
        ${code(`engage-order-widget.branded {
  --engage-accent: #7a1f5c;
  --engage-accent-hover: #5c1645;
  --engage-on-accent: #ffffff;
  --engage-radius: 2px;
  --engage-font: Georgia, serif;
}
engage-order-widget.branded::part(root) {
  border: 2px solid #7a1f5c;
  box-shadow: 6px 6px 0 #f3d7e8;
}`)}
        <h3>Live example: a branded partner</h3>
        <div class="example">
          <engage-order-widget class="branded" service="followers" theme="light">
            <p>Order followers on <a href="${origin}/dashboard?service=followers">Engage Panel</a>.</p>
          </engage-order-widget>
        </div>
      </section>

      <section aria-labelledby="csp">
        <h2 id="csp">Content-Security-Policy</h2>
        <p>The widget needs our origin for its scripts and its API calls, and nothing inline: its styles are adopted stylesheets, which <code>style-src</code> does not govern.</p>
        ${code(`Content-Security-Policy: script-src ${origin}; connect-src ${origin}`)}
        <p>The widget leaves one inert <code>&lt;meta name="engage-order-widget"&gt;</code> in your <code>&lt;head&gt;</code>, which keeps a library from adding an inline style there.</p>
      </section>

      <section aria-labelledby="react">
        <h2 id="react">React</h2>
        <p>React 19 sites can use the component instead of the tag: the same widget, events and theming, rendered by your React.</p>
        ${code(`npm install @engage/widget`)}
        ${code(`import { OrderWidget } from '@engage/widget'

export function Boost() {
  return (
    <OrderWidget
      apiBase="${origin}"
      service="likes"
      theme="light"
      className="branded"
      onOrder={(panelLink, order) => window.location.assign(panelLink)}
    />
  )
}`)}
        <p><code>apiBase</code> defaults to your page's own origin and <code>panelUrl</code> to <code>apiBase</code>; without <code>onOrder</code> the Order button opens the panel in the same tab. The package brings its own styles and types; React and React DOM are yours (peer dependencies).</p>
      </section>
    </main>
    <footer>
      <p><a href="/">Engage Panel</a> · <a href="/widget/demo">Demo partner page</a> · <a href="/docs">API documentation</a></p>
    </footer>
  </body>
</html>
`
}

/** The guide's stylesheet: readable at 375 px, AA contrast, code that wraps instead of scrolling. */
export const widgetDocsCss = `*,*::before,*::after{box-sizing:border-box}
html{color-scheme:light}
body{margin:0 auto;max-width:48rem;padding:1.5rem 1rem 3rem;font:1rem/1.6 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;color:#0f172a;background:#f8fafc}
a{color:#1d4ed8}
h1{font-size:2rem;line-height:1.2;margin:.5rem 0 1rem}
h2{font-size:1.5rem;margin:2.5rem 0 .75rem;padding-top:1rem;border-top:1px solid #e2e8f0}
h3{font-size:1.125rem;margin:1.5rem 0 .5rem}
nav ul{display:flex;flex-wrap:wrap;gap:.25rem 1rem;padding:0;list-style:none}
code{font:.9em ui-monospace,SFMono-Regular,Menlo,Consolas,monospace;background:#e2e8f0;border-radius:4px;padding:0 .25em;overflow-wrap:anywhere}
pre{background:#0f172a;color:#f3f4f6;padding:1rem;border-radius:8px;white-space:pre-wrap;overflow-wrap:anywhere}
pre code{background:none;color:inherit;padding:0}
table{width:100%;border-collapse:collapse;margin:1rem 0}
caption{text-align:start;color:#475569;padding-bottom:.5rem}
th,td{text-align:start;vertical-align:top;padding:.5rem;border-bottom:1px solid #e2e8f0}
thead th{border-bottom:2px solid #64748b}
.example{padding:1rem;background:#fff;border:1px dashed #64748b;border-radius:8px}
engage-order-widget{max-width:32rem}
engage-order-widget.branded{--engage-accent:#7a1f5c;--engage-accent-hover:#5c1645;--engage-on-accent:#fff;--engage-radius:2px;--engage-font:Georgia,serif}
engage-order-widget.branded::part(root){border:2px solid #7a1f5c;box-shadow:6px 6px 0 #f3d7e8}
footer{margin-top:3rem;color:#475569}
`
