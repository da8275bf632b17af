// The compile hint's effect (scripts/compile-hints.mjs) on /dashboard: first loads of the signed-in dashboard in
// Chromium, each in a browser context of its own (a new renderer process, an empty cache), alternately with the
// built files as they are (the hint on their first line) and with that line taken off in the served files (put
// back at the end), each load traced until the network is idle. Prints, per variant, the medians of the time V8
// spent compiling functions on the page's main thread, of the main thread's task time, and of the blocking time
// those tasks would add up to on Lighthouse's fourfold slower CPU (the part of each task over 50 ms). Asserts
// nothing.
//
//   pnpm run bench:compile-hints        (COMPILE_HINT_RUNS=N loads per variant, 6 by default;
//                                        CHROME_PATH to use another Chromium than /usr/bin/chromium)
//
// The files themselves change between the variants: Chromium compiles a script as it streams in only when it
// comes from the network, not from a request interception's answer; and a load in the same renderer as an
// earlier one reuses what V8 compiled then. The task times are wall-clock times of this machine: run it on a
// quiet machine, and compare the two lines of one run.
import { readdirSync, readFileSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { chromium } from 'playwright-core'
import { COMPILE_HINT } from '../scripts/compile-hints.mjs'
import { chromiumFlags, chromiumPath, signUp, startPanel, storeSession } from './support'

interface TraceEvent {
  name: string
  pid: number
  tid: number
  ts: number
  dur?: number
  args?: { name?: string }
}

const median = (values: number[]) => values.slice().sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0

const server = await startPanel('compile-hints')
const assetsDir = path.resolve(import.meta.dirname, '../apps/panel/dist/client/assets')
const hinted = new Map(
  readdirSync(assetsDir)
    .filter((name) => name.endsWith('.js'))
    .map((name) => [path.join(assetsDir, name), readFileSync(path.join(assetsDir, name), 'utf8')] as const)
    .filter(([, code]) => code.startsWith(COMPILE_HINT)),
)
if (hinted.size === 0) throw new Error('No built file starts with the compile hint: build the panel again')
function serveHints(withHint: boolean) {
  for (const [file, code] of hinted) writeFileSync(file, withHint ? code : code.slice(COMPILE_HINT.length))
}
const browser = await chromium.launch({ executablePath: chromiumPath, args: chromiumFlags })

try {
  // A fresh account's session, stored on the panel's origin.
  const signupPage = await browser.newPage()
  await signupPage.goto(`${server.url}/about`)
  await storeSession(signupPage, await signUp(signupPage, 'hints'))
  const storageState = await signupPage.context().storageState()
  await signupPage.close()

  const runs = Math.max(1, Number(process.env.COMPILE_HINT_RUNS ?? 6))
  const figures: Record<'with' | 'without', { compile: number; tasks: number; blocking: number }[]> = {
    with: [],
    without: [],
  }
  // A, B, B, A, ...: neither variant always runs first while the machine warms up.
  for (let run = 0; run < runs * 2; run += 1) {
    const withHint = run % 4 === 1 || run % 4 === 2
    serveHints(withHint)
    // A new context for every load, a phone-sized page with the session: a new renderer process and an empty
    // cache, so nothing compiled by an earlier load (V8 keeps compiled code per process) is reused.
    const context = await browser.newContext({ viewport: { width: 412, height: 823 }, storageState })
    const page = await context.newPage()
    await browser.startTracing(page, {
      categories: [
        'devtools.timeline',
        'disabled-by-default-devtools.timeline',
        'toplevel',
        'v8',
        'disabled-by-default-v8.compile',
      ],
    })
    await page.goto(`${server.url}/dashboard`, { waitUntil: 'networkidle' })
    const events = (JSON.parse((await browser.stopTracing()).toString()) as { traceEvents: TraceEvent[] })
      .traceEvents
    // The page's main thread: of the renderers' main threads, the one that worked most (the page starts in a
    // blank page's process and moves to the panel's).
    const mainThreads = new Set(
      events
        .filter((event) => event.name === 'thread_name' && event.args?.name === 'CrRendererMain')
        .map((event) => `${event.pid}:${event.tid}`),
    )
    const busy = new Map<string, number>()
    for (const event of events) {
      const thread = `${event.pid}:${event.tid}`
      if (event.name === 'RunTask' && mainThreads.has(thread))
        busy.set(thread, (busy.get(thread) ?? 0) + (event.dur ?? 0))
    }
    const mainThread = [...busy].sort((a, b) => b[1] - a[1])[0]?.[0]
    if (!mainThread) throw new Error('The trace has no renderer main thread')
    const tasks = events
      .filter((event) => event.name === 'RunTask' && `${event.pid}:${event.tid}` === mainThread)
      .map((event) => (event.dur ?? 0) / 1000)
    // V8 compiling a function the first time it runs, on the main thread (the hint moves this to the thread
    // that streams the file in).
    const compile = events
      .filter((event) => event.name === 'V8.CompileCode' && `${event.pid}:${event.tid}` === mainThread)
      .reduce((sum, event) => sum + (event.dur ?? 0) / 1000, 0)
    figures[withHint ? 'with' : 'without'].push({
      compile,
      tasks: tasks.reduce((sum, ms) => sum + ms, 0),
      blocking: tasks.reduce((sum, ms) => sum + Math.max(0, ms * 4 - 50), 0),
    })
    await context.close()
  }

  console.log(`/dashboard, cold loads, ${runs} per variant (medians):`)
  for (const [variant, list] of Object.entries(figures)) {
    const figure = (key: 'compile' | 'tasks' | 'blocking') =>
      median(list.map((run) => run[key]))
        .toFixed(0)
        .padStart(5)
    console.log(
      `${`${variant} the compile hint`.padEnd(26)} compiling on the main thread ${figure('compile')} ms   ` +
        `main-thread tasks ${figure('tasks')} ms   blocking at 4x CPU ${figure('blocking')} ms`,
    )
  }
} finally {
  serveHints(true)
  await browser.close()
  await server.close()
}
