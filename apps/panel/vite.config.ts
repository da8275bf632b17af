import { createRequire } from 'node:module'
import path from 'node:path'
import optimizeLocales from '@react-aria/optimize-locales-plugin'
import { vanillaExtractPlugin } from '@vanilla-extract/vite-plugin'
import react from '@vitejs/plugin-react'
import { defineConfig } from 'vite'

// Three builds share this file (scripts/build.mjs runs them): the browser builds into dist/client, one per
// HTML entry (PANEL_ENTRY=app: index.html, the shell of /auth, /logout and the signed-in pages;
// PANEL_ENTRY=public: public.html, the prerendered public pages), and with `--ssr` the render function of the
// public pages into dist/server, which the build and the API server call to write their HTML (they paint
// before any script runs, then hydrate). The two browser builds are separate so that each is tree-shaken for
// its own pages: in one build, a chunk shared by both entries would carry every export either of them uses.

const require = createRequire(import.meta.url)
// react-router's package exports point every bundler at its development build (warnings, checks); the
// production build beside it is the same API without them, about a third smaller.
const reactRouterProduction = path.join(
  path.dirname(require.resolve('react-router/package.json')),
  'dist/production/index.mjs',
)

// The workspace packages and zod run no code on import except their stylesheets; saying so lets the bundler
// drop what a page does not use from their barrels (a public page takes a few ui parts, not the whole kit).
const sideEffectFree =
  /\/(packages\/(contract|client|ui|screens)\/src|node_modules\/(\.pnpm\/[^/]+\/node_modules\/)?zod)\//
function hasSideEffects(id: string): boolean {
  if (/\.css(\.ts)?($|\?)|vanilla/.test(id)) return true
  return !sideEffectFree.test(id)
}

// The panel speaks English only (its texts, <html lang="en">): React Aria's built-in strings (a dialog's
// 'Dismiss', a date field's segment names, a toast region's label...) ship in 34 languages, and every widget
// would otherwise carry all of them. Other locales fall back to these English strings.
const panelLocales = ['en-US']

// What the other pages share that the first signed-in page (the layout and the dashboard) does not load at
// first: the other pages' own modules, the screens only they show, and the AI settings picker the dashboard
// fetches once it is idle (it shares that with Settings, which would otherwise put it in the first download);
// not their stylesheets, which every page loads (one stylesheet for the whole panel). If the dashboard starts
// using one of these statically, the size check shows `shared-pages` among its files.
const screensNotOnTheFirstPage =
  /\/packages\/screens\/src\/(SecuritySettings|OrderHistory\/OrderHistoryFilters|Support|SupportTicket|Affiliates|ApiKeysPanel|ServicesCatalogue|SiteFooter|SiteHeader|PublicLayout|PricingGrid|AiSettingsDialog|AiSettingForm|FetchModelsDialog|AnalyticsRange|AnalyticsShared|Team|InvitationPage|WorkspaceSwitcher)\//
// The two-factor hooks (the settings' security tab and the sign-in's code step), the support tickets' hooks, the
// notifications' (their page and the settings' tab; the top bar's bell reads its count from the current user),
// the workspaces' (Settings' Team tab, the invitation page and the top bar's switcher, which loads after the
// first render), the declarations and schemas of the later pages' calls (contract/src/pageEndpoints.ts, which
// the client loads with the first of them) and their hooks, and the charts of the analytics and the console's reports with their library (visx and the d3
// modules it uses), which /dashboard never draws.
const partsNotOnTheFirstPage =
  /\/packages\/client\/src\/react\/(security|support|notifications|workspaces|later|accountMutations)\.ts$|\/packages\/contract\/src\/(pageEndpoints|analytics|reportTables|catalogue|aiPresets|mass|massText|schemas\/(apiKeys|notifications|analytics|support|affiliates|workspaces|security))\.ts$|\/packages\/ui\/src\/Chart\/|\/node_modules\/(\.pnpm\/[^/]+\/node_modules\/)?(@visx|d3-[a-z-]+|internmap|classnames)\//
const otherPages = /\/apps\/panel\/src\/pages\/(?!(SignedInLayout|DashboardPage)\.tsx$)/
// The date picker with React Aria's calendar, date field, date formatter and @internationalized/date: the
// subscription form (a lazy tab of the dashboard), the analytics' and
// the reports' range. Shared by those lazy chunks only, it gets a chunk of its own instead of joining `shared`,
// which /dashboard loads first.
const datePicker =
  /\/packages\/ui\/src\/DatePicker\/|\/react-(aria|stately)\/dist\/private\/(intl\/)?(calendar|datepicker)\/|\/react-aria-components\/dist\/private\/(Calendar|DateField|DatePicker|HiddenDateInput)\.m?js$|\/react-aria\/dist\/private\/i18n\/useDateFormatter\.|\/@internationalized\/date\//
const notOnTheFirstPage = (id: string) =>
  [screensNotOnTheFirstPage, partsNotOnTheFirstPage, otherPages].some((pattern) => pattern.test(id)) &&
  !/\.css\.ts/.test(id)

const entry = process.env.PANEL_ENTRY === 'public' ? 'public' : 'app'

export default defineConfig(({ isSsrBuild, command }) => ({
  plugins: [
    react(),
    vanillaExtractPlugin(),
    // Builds only (the dev server keeps every language); the plugin leaves the server render alone.
    ...(command === 'build' ? [optimizeLocales.vite({ locales: panelLocales })] : []),
  ],
  resolve:
    command === 'build'
      ? {
          alias: [{ find: /^react-router$/, replacement: reactRouterProduction }],
        }
      : {},
  build: {
    outDir: isSsrBuild ? 'dist/server' : 'dist/client',
    // The app build runs first and starts from an empty folder; the public build adds its files beside.
    emptyOutDir: isSsrBuild || entry === 'app',
    // The server render and the size check read which files each page loads from the manifests.
    manifest: isSsrBuild ? false : `.vite/manifest-${entry}.json`,
    // One stylesheet for the whole panel, linked from every page: a prerendered page is styled before any
    // script runs, whichever route chunk its content came from.
    cssCodeSplit: false,
    // The app's shared chunk is about 590 KB minified (176 KB gzipped): the budgets, which the size check
    // enforces, are in gzipped KB per page; Vite's warning at 500 KB of one file would only be noise.
    chunkSizeWarningLimit: 700,
    sourcemap: false,
    rolldownOptions: isSsrBuild
      ? {}
      : {
          input: entry === 'public' ? 'public.html' : 'index.html',
          treeshake: { moduleSideEffects: hasSideEffects },
          // The app build puts the code that two or more of its chunks share into one chunk, `shared`, except
          // what the first signed-in page does not load at first (above), which goes into `shared-pages`
          // (their own dependencies stay where the rest of the app needs them); each route and lazy part keeps
          // its own code. Left to itself, the bundler made a chunk per combination of importers: 36 files for
          // /dashboard, which over HTTP/1.1's six connections per origin arrive in six rounds of requests.
          ...(entry === 'app'
            ? {
                output: {
                  codeSplitting: {
                    groups: [
                      {
                        name: 'date-picker',
                        test: (id: string) => datePicker.test(id) && !/\.css\.ts/.test(id),
                        minShareCount: 2,
                        priority: 2,
                        includeDependenciesRecursively: false,
                      },
                      {
                        name: 'shared-pages',
                        test: notOnTheFirstPage,
                        minShareCount: 2,
                        priority: 1,
                        includeDependenciesRecursively: false,
                      },
                      { name: 'shared', minShareCount: 2 },
                    ],
                  },
                },
              }
            : {}),
        },
  },
  ssr: {
    // The workspace packages are TypeScript sources with .css.ts files: the SSR build compiles them too.
    noExternal: [/^@engage\//],
  },
}))
