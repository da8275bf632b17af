import path from 'node:path'
import { storybookTest } from '@storybook/addon-vitest/vitest-plugin'
import { playwright } from '@vitest/browser-playwright'
import { defineConfig } from 'vitest/config'

// Every story is a test in Chromium, in two passes: dark theme at 1280 px and light theme at 375 px, so each
// story's a11y check covers both themes and both layouts (breakpoint 768 px). `npm test` runs them in the static
// build (staticStorybookProject below); this file's default export runs one pass on the sources, in Vite's
// development server, for the story writer (`pnpm test:stories`, STORYBOOK_PASS=<pass name> picks the pass).
const chromium = playwright({
  launchOptions: {
    executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
    args: [
      '--no-sandbox',
      '--headless',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
      '--disable-dev-shm-usage',
    ],
  },
})

export const passes = [
  { name: 'storybook-dark-1280', theme: 'dark', viewport: 'desktop', width: 1280, height: 800 },
  { name: 'storybook-light-375', theme: 'light', viewport: 'mobile', width: 375, height: 812 },
] as const

const pass = passes.find((p) => p.name === process.env.STORYBOOK_PASS) ?? passes[0]

function storybookProject(p: (typeof passes)[number]) {
  return defineConfig({
    plugins: [storybookTest({ configDir: path.join(import.meta.dirname, '.storybook') })],
    // The Storybook test plugin sizes the page from the story's `viewport` global, so the pass's viewport goes
    // to preview.tsx as well as to the browser instance below.
    define: { __STORY_THEME__: JSON.stringify(p.theme), __STORY_VIEWPORT__: JSON.stringify(p.viewport) },
    // Listed up front so a cold cache does not discover them mid-run and reload the tests (the ui package's
    // runtime dependencies, and the helpers vanilla-extract's compiled .css.ts modules import).
    optimizeDeps: {
      include: [
        'msw-storybook-addon/csf3',
        'msw',
        'msw/browser',
        'react-dom/client',
        'react-aria-components',
        'react-hook-form',
        '@internationalized/date',
        '@engage/ui > @vanilla-extract/recipes/createRuntimeFn',
        '@engage/ui > @vanilla-extract/sprinkles/createRuntimeSprinkles',
      ],
    },
    test: {
      name: p.name,
      // Flow stories chain several mocked calls; on a loaded 2-core machine they need more than the default.
      testTimeout: 60_000,
      root: import.meta.dirname,
      setupFiles: [path.join(import.meta.dirname, '.storybook/vitest.setup.ts')],
      browser: {
        enabled: true,
        headless: true,
        provider: chromium,
        instances: [{ browser: 'chromium', viewport: { width: p.width, height: p.height } }],
      },
    },
  })
}

export default storybookProject(pass)

/**
 * The same stories in the static build (`pnpm build-storybook`), run by stories/static: built again when
 * stale, served over HTTP, each story opened in the build's own preview.
 */
/** How many stories of a pass the static run renders at once, one per page (STORYBOOK_LANES, default 3). */
export const storybookLanes = Number(process.env.STORYBOOK_LANES ?? 3)

export const staticStorybookProject = defineConfig({
  test: {
    name: 'storybook-static',
    maxConcurrency: storybookLanes,
    root: path.join(import.meta.dirname, 'stories/static'),
    include: ['*.test.ts'],
    environment: 'node',
    globalSetup: [path.join(import.meta.dirname, 'stories/static/globalSetup.ts')],
    testTimeout: 60_000,
    // The global setup may build the Storybook first (a few minutes on a busy machine).
    hookTimeout: 900_000,
  },
})
