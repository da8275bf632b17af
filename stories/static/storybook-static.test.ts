import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import path from 'node:path'
import { chromium, type Browser, type Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, type ExpectStatic, inject, it } from 'vitest'
import { passes, storybookLanes } from '../../vitest.storybook.config'

// Every story of the built Storybook, in the pages designers and Chromatic open: each story renders in the
// static build's own iframe, its play function runs, and the accessibility check (axe, an error in this
// project) passes, in both story passes (dark at 1280 px, light at 375 px). A story fails on a failed render or
// play function, a failed check, or any console error, as in the story tests run on the sources. Every docs page
// (the MDX pages and the components' autodocs) renders in the same passes and must pass axe with no console
// error either.

interface IndexEntry {
  type: string
  id: string
  tags?: string[]
}

interface StoryOutcome {
  status: 'success' | 'error'
  reporters: { type: string; status: string; result?: unknown }[]
  exception?: string
}

const index = JSON.parse(
  readFileSync(path.resolve(import.meta.dirname, '../../storybook-static/index.json'), 'utf8'),
) as { entries: Record<string, IndexEntry> }
// STORYBOOK_ONLY=<substring>[,<substring>...] keeps the stories and docs pages whose id contains one of them
// (e.g. STORYBOOK_ONLY=docs,ui-table), for a quick run while working on a few.
const only = (process.env.STORYBOOK_ONLY ?? '').split(',').filter(Boolean)
const selected = (id: string) => only.length === 0 || only.some((part) => id.includes(part))
// The same stories as the story tests: those tagged 'test' (every story unless it opts out).
const storyIds = Object.values(index.entries)
  .filter((entry) => entry.type === 'story' && (entry.tags ?? []).includes('test') && selected(entry.id))
  .map((entry) => entry.id)
const docsIds = Object.values(index.entries)
  .filter((entry) => entry.type === 'docs' && selected(entry.id))
  .map((entry) => entry.id)
const axeScript = createRequire(import.meta.url).resolve('axe-core/axe.min.js')

// Listens on Storybook's channel from the moment the preview creates it: each story's outcome (STORY_FINISHED
// carries its status and the a11y report) and the exceptions of its render or play function.
function listenToStories() {
  const outcomes: Record<string, StoryOutcome> = {}
  const exceptions: string[] = []
  let channel: { on(event: string, listener: (payload: never) => void): void } | undefined
  // Requests a story has started and not yet seen answered: the next story waits for them (briefly: a loading
  // story's request is never answered on purpose), or the mock server, already holding the next story's
  // handlers, would report them as unhandled in the wrong story.
  let inFlight = 0
  const fetchOfPage = window.fetch.bind(window)
  window.fetch = (...args: Parameters<typeof fetch>) => {
    inFlight += 1
    return fetchOfPage(...args).finally(() => {
      inFlight -= 1
    })
  }
  const docsRendered: Record<string, true> = {}
  Object.assign(window, {
    __docsRendered: docsRendered,
    __storyOutcomes: outcomes,
    __storyExceptions: exceptions,
    __requestsInFlight: () => inFlight,
  })
  Object.defineProperty(window, '__STORYBOOK_ADDONS_CHANNEL__', {
    configurable: true,
    get: () => channel,
    set(value: NonNullable<typeof channel>) {
      channel = value
      value.on('storyFinished', (event: { storyId: string } & StoryOutcome) => {
        outcomes[event.storyId] = { status: event.status, reporters: event.reporters }
      })
      value.on('docsRendered', (id: string) => {
        docsRendered[id] = true
      })
      for (const name of ['playFunctionThrewException', 'storyThrewException', 'storyErrored']) {
        value.on(name, (error: { message?: string; title?: string; description?: string }) =>
          exceptions.push(`${name}: ${error.message ?? error.title ?? ''} ${error.description ?? ''}`),
        )
      }
    },
  })
}

// STORYBOOK_PASS=<pass name> runs one pass alone, as it does for the story tests on the sources.
const selectedPasses = passes.filter(
  (pass) => !process.env.STORYBOOK_PASS || pass.name === process.env.STORYBOOK_PASS,
)

/** One page of the pass's browser, rendering one story at a time. */
interface Lane {
  page: Page
  consoleErrors: string[]
  /** The story the page rendered last. */
  storyId: string
}

describe.each(selectedPasses)(
  'the static Storybook, $theme theme at $width px',
  ({ theme, width, height }) => {
    let browser: Browser
    // Stories run side by side, one per page: most of a story's time is spent waiting (for its mocked answers,
    // for the a11y check's frames), so a few pages keep two cores busy. Each page has its own mock service
    // worker client and handlers, so stories in different pages never meet each other's requests.
    const free: Lane[] = []
    const waiting: ((lane: Lane) => void)[] = []
    const acquire = () =>
      new Promise<Lane>((resolve) => {
        const lane = free.pop()
        if (lane) resolve(lane)
        else waiting.push(resolve)
      })
    const release = (lane: Lane) => {
      const next = waiting.shift()
      if (next) next(lane)
      else free.push(lane)
    }

    async function openLane(): Promise<Lane> {
      const page = await browser.newPage({ viewport: { width, height } })
      const first = storyIds[0] ?? docsIds[0] ?? ''
      const viewMode = storyIds.length > 0 ? 'story' : 'docs'
      const lane: Lane = { page, consoleErrors: [], storyId: first }
      page.setDefaultTimeout(30_000)
      await page.addInitScript(listenToStories)
      page.on('console', (message) => {
        // What the story tests on the sources let through (.storybook/vitest.setup.ts, which hears the page's own
        // console.error calls): Chromium's note that a ResizeObserver delivered its notifications a frame later,
        // and its network lines for an error answer ('Failed to load resource: ... 500'), which the stories about
        // failures ask the mock server for on purpose and which no code of ours logs.
        const text = message.text()
        const ignored = text.includes('ResizeObserver loop') || text.startsWith('Failed to load resource')
        if (message.type() === 'error' && !ignored) lane.consoleErrors.push(text)
      })
      page.on('pageerror', (error) => lane.consoleErrors.push(`page error: ${error.message}`))
      await page.goto(
        `${inject('storybookUrl')}/iframe.html?id=${first}&viewMode=${viewMode}&globals=theme:${theme}`,
      )
      await page.waitForFunction(
        ([id, mode]) => {
          const state = window as unknown as { __storyOutcomes: object; __docsRendered: object }
          return id in (mode === 'story' ? state.__storyOutcomes : state.__docsRendered)
        },
        [first, viewMode] as const,
      )
      // axe for the docs pages (stories get theirs from the a11y addon).
      await page.addScriptTag({ path: axeScript })
      return lane
    }

    beforeAll(async () => {
      browser = await chromium.launch({
        executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
        args: ['--no-sandbox', '--headless', '--disable-gpu', '--disable-dev-shm-usage', '--no-first-run'],
      })
      free.push(...(await Promise.all(Array.from({ length: storybookLanes }, openLane))))
    })

    afterAll(async () => {
      await browser?.close()
    })

    it('lists the stories and docs pages of the build', () => {
      if (only.length > 0) return
      expect(storyIds.length).toBeGreaterThan(100)
      // The introduction, the foundations and a page for every UI component.
      const titles = new Set(Object.values(index.entries).map((entry) => entry.id.split('--')[0]))
      const uiComponents = [...titles].filter((title) => title?.startsWith('ui-'))
      expect(docsIds).toEqual(expect.arrayContaining(['introduction--docs', 'foundations-colour--docs']))
      expect(docsIds).toEqual(expect.arrayContaining(uiComponents.map((title) => `${title}--docs`)))
    })

    it.concurrent.for(storyIds)('%s renders, plays and passes its checks', async (storyId, { expect }) => {
      const lane = await acquire()
      try {
        await expectStoryPasses(lane, storyId, expect)
      } finally {
        release(lane)
      }
    })

    it.concurrent.for(docsIds)('docs page %s renders and passes axe', async (docsId, { expect }) => {
      const lane = await acquire()
      try {
        await expectDocsPass(lane, docsId, expect)
      } finally {
        release(lane)
      }
    })
  },
)

/**
 * Shows the story or docs page in the lane's page (unless it is the one the page shows), once the requests of
 * the previous one are answered, with the lane's console and the page's records cleared.
 */
async function show(lane: Lane, id: string, viewMode: 'story' | 'docs') {
  const { page } = lane
  if (lane.storyId === id) return
  await page
    .waitForFunction(
      () => (window as unknown as { __requestsInFlight: () => number }).__requestsInFlight() === 0,
      undefined,
      { timeout: 1_500 },
    )
    .catch(() => undefined)
  lane.consoleErrors = []
  lane.storyId = id
  await page.evaluate(
    ([entryId, mode]) => {
      const state = window as unknown as {
        __storyOutcomes: Record<string, unknown>
        __docsRendered: Record<string, unknown>
        __storyExceptions: string[]
      }
      // Every outcome, not only this entry's: a docs page waits for the stories it shows in frames by theirs.
      for (const storyId of Object.keys(state.__storyOutcomes)) delete state.__storyOutcomes[storyId]
      delete state.__docsRendered[entryId]
      state.__storyExceptions.length = 0
      const channel = (
        window as unknown as { __STORYBOOK_ADDONS_CHANNEL__: { emit(...args: unknown[]): void } }
      ).__STORYBOOK_ADDONS_CHANNEL__
      channel.emit('setCurrentStory', { storyId: entryId, viewMode: mode })
    },
    [id, viewMode] as const,
  )
}

/** Renders the story in the lane's page and checks its outcome. */
async function expectStoryPasses(lane: Lane, storyId: string, expect: ExpectStatic) {
  const { page } = lane
  await show(lane, storyId, 'story')
  await page.waitForFunction(
    (id) => id in (window as unknown as { __storyOutcomes: object }).__storyOutcomes,
    storyId,
    { timeout: 55_000 },
  )
  const { outcome, exceptions } = await page.evaluate((id) => {
    const state = window as unknown as {
      __storyOutcomes: Record<string, StoryOutcome>
      __storyExceptions: string[]
    }
    return { outcome: state.__storyOutcomes[id], exceptions: [...state.__storyExceptions] }
  }, storyId)
  const failedChecks = (outcome?.reporters ?? [])
    .filter((report) => report.status === 'failed')
    .map((report) => `${report.type}: ${JSON.stringify(report.result).slice(0, 2_000)}`)
  expect({ exceptions, failedChecks, consoleErrors: lane.consoleErrors }).toEqual({
    exceptions: [],
    failedChecks: [],
    consoleErrors: [],
  })
  expect(outcome?.status).toBe('success')
}

/**
 * Renders the docs page in the lane's page, lets the stories it shows settle, and runs axe on the whole page
 * with the a11y addon's rules (every rule but `region`, which the addon leaves out too).
 */
async function expectDocsPass(lane: Lane, docsId: string, expect: ExpectStatic) {
  const { page } = lane
  await show(lane, docsId, 'docs')
  await page.waitForFunction(
    (id) => id in (window as unknown as { __docsRendered: object }).__docsRendered,
    docsId,
    { timeout: 55_000 },
  )
  // Stories the page shows in frames of their own render there (without playing) and report to this page: load
  // each (the frames load lazily, once scrolled to) and wait until it has finished, so that what it reports is
  // this page's, not the next entry's once this one is left.
  const framed = await page.evaluate(() =>
    [...document.querySelectorAll('iframe')].flatMap((frame) => {
      frame.loading = 'eager'
      const id = new URL(frame.src, window.location.href).searchParams.get('id')
      return id ? [id] : []
    }),
  )
  await page.waitForFunction(
    (ids) => ids.every((id) => id in (window as unknown as { __storyOutcomes: object }).__storyOutcomes),
    framed,
    { timeout: 55_000 },
  )
  // The page's stories render after the page itself: wait for their loaders' requests and two frames.
  await page
    .waitForFunction(
      () => (window as unknown as { __requestsInFlight: () => number }).__requestsInFlight() === 0,
      undefined,
      { timeout: 1_500 },
    )
    .catch(() => undefined)
  const violations = await page.evaluate(async () => {
    await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)))
    const { axe } = window as unknown as {
      axe: {
        run(
          context: Element,
          options: object,
        ): Promise<{ violations: { id: string; help: string; nodes: { target: unknown[] }[] }[] }>
      }
    }
    // As before each story (.storybook/preview.tsx): react-aria's live region of an earlier story may remain.
    for (const node of document.querySelectorAll('[data-live-announcer]')) node.remove()
    // The whole body: the docs page and whatever its stories portal out of it (popovers, toasts).
    // Stories a docs page shows in frames of their own (`docs.story.inline: false`) are checked as stories.
    const results = await axe.run(document.body, { iframes: false, rules: { region: { enabled: false } } })
    return results.violations.map(
      (violation) =>
        `${violation.id} (${violation.help}): ${violation.nodes
          .slice(0, 5)
          .map((node) => JSON.stringify(node.target))
          .join(', ')}`,
    )
  })
  const exceptions = await page.evaluate(() => [
    ...(window as unknown as { __storyExceptions: string[] }).__storyExceptions,
  ])
  expect({ violations, exceptions, consoleErrors: lane.consoleErrors }).toEqual({
    violations: [],
    exceptions: [],
    consoleErrors: [],
  })
}
