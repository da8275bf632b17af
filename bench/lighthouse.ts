// Lighthouse against the started panel, with mobile emulation (Lighthouse's default: a mid-range phone on a
// throttled connection): performance and accessibility of / and of /dashboard signed in. Prints the figures;
// asserts nothing. Targets: performance at least 98 on / and 95 on /dashboard, accessibility 100, CLS 0.
//
//   pnpm run bench:lighthouse            (CHROME_PATH to use another Chromium than /usr/bin/chromium;
//                                         LIGHTHOUSE_REPORTS=DIR also writes each page's full report there;
//                                         LIGHTHOUSE_RUNS=N measures each page N times and prints the medians)
//
// The figures move from run to run and from machine to machine: the emulation slows this machine's CPU
// fourfold, so a slower CPU scores lower. Each line prints Lighthouse's benchmark index of the machine (about
// 1,500 is the machine the fourfold slowdown is meant for) so that figures from two machines can be compared.
//
// It builds the panel when needed, starts the server on a free port with a fresh database, and drives Chromium
// with playwright-core; Lighthouse attaches to that same browser over its debugging port. For /dashboard the
// page's localStorage gets a fresh account's session first, and Lighthouse is told to keep the storage.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import lighthouse from 'lighthouse'
import { chromium } from 'playwright-core'
import { freePort } from '../scripts/free-port.mjs'
import { chromiumFlags, chromiumPath, signUp, startPanel, storeSession } from './support'

const server = await startPanel('lighthouse')
const debuggingPort = await freePort()
// A persistent context is the browser's default one, where Lighthouse opens its tabs: the session stored
// below is then the one /dashboard finds. (A context from browser.newContext() is a separate profile, and
// /dashboard would be measured signed out, as the /auth page the guard sends it to.)
const profileDir = mkdtempSync(path.join(os.tmpdir(), 'engage-lighthouse-profile-'))
const context = await chromium.launchPersistentContext(profileDir, {
  executablePath: chromiumPath,
  args: [`--remote-debugging-port=${debuggingPort}`, ...chromiumFlags, '--disable-dev-shm-usage'],
})

async function audit(url: string) {
  // Storage is kept for the session (below), and with it the HTTP cache: every run starts from a cold cache,
  // as Lighthouse's own reset would, or a second run measures a page whose files are already here.
  const page = context.pages()[0] ?? (await context.newPage())
  const devtools = await context.newCDPSession(page)
  await devtools.send('Network.clearBrowserCache')
  await devtools.detach()
  const result = await lighthouse(url, {
    port: debuggingPort,
    output: 'json',
    logLevel: 'error',
    onlyCategories: ['performance', 'accessibility'],
    // The signed-in page needs the session the page's localStorage holds.
    disableStorageReset: true,
  })
  if (!result) throw new Error(`Lighthouse returned nothing for ${url}`)
  const reportsDir = process.env.LIGHTHOUSE_REPORTS
  if (reportsDir) {
    mkdirSync(reportsDir, { recursive: true })
    const name = new URL(url).pathname.replace(/\W+/g, '') || 'landing'
    writeFileSync(path.join(reportsDir, `${name}.json`), JSON.stringify(result.lhr, null, 1))
  }
  const { categories, audits } = result.lhr
  const score = (id: string) => Math.round((categories[id]?.score ?? 0) * 100)
  const metric = (id: string) => audits[id]?.displayValue ?? '-'
  // A run that could not measure (no paint, a page error) says why instead of a bare 0.
  const problems = [
    result.lhr.runtimeError?.message,
    ...['first-contentful-paint', 'largest-contentful-paint', 'total-blocking-time'].map(
      (id) => audits[id]?.errorMessage,
    ),
  ].filter((message): message is string => Boolean(message))
  // The guard sends a signed-out visitor from /dashboard to /auth: figures of another page are no figures.
  const finalPath = new URL(result.lhr.finalDisplayedUrl).pathname
  if (finalPath !== new URL(url).pathname)
    problems.push(`measured ${finalPath}, not ${new URL(url).pathname}`)
  const failedAccessibility = (categories.accessibility?.auditRefs ?? [])
    .filter((ref) => ref.weight > 0 && (audits[ref.id]?.score ?? 1) < 1)
    .map((ref) => ref.id)
  return {
    benchmarkIndex: Math.round(result.lhr.environment.benchmarkIndex),
    performance: score('performance'),
    accessibility: score('accessibility'),
    firstContentfulPaint: metric('first-contentful-paint'),
    largestContentfulPaint: metric('largest-contentful-paint'),
    totalBlockingTime: metric('total-blocking-time'),
    cumulativeLayoutShift: metric('cumulative-layout-shift'),
    speedIndex: metric('speed-index'),
    failedAccessibility,
    problems: [...new Set(problems)],
  }
}

try {
  // A signed-in visitor: an account of its own, its session stored on the panel's origin.
  const page = await context.newPage()
  await page.goto(`${server.url}/about`)
  const session = await signUp(page, 'lighthouse')

  const runs = Math.max(1, Number(process.env.LIGHTHOUSE_RUNS ?? 1))
  const auditRuns = async (url: string) => {
    const figures = []
    for (let run = 0; run < runs; run += 1) figures.push(await audit(url))
    return figures
  }
  const landing = await auditRuns(`${server.url}/`)
  await storeSession(page, session)
  const dashboard = await auditRuns(`${server.url}/dashboard`)
  await page.close()

  console.log('Lighthouse, mobile emulation (simulated throttling):')
  for (const [name, pageRuns] of [
    ['/', landing],
    ['/dashboard', dashboard],
  ] as const) {
    for (const figures of pageRuns) {
      console.log(
        `${name.padEnd(11)} performance ${String(figures.performance).padStart(3)}  accessibility ${String(figures.accessibility).padStart(3)}  ` +
          `FCP ${figures.firstContentfulPaint}  LCP ${figures.largestContentfulPaint}  TBT ${figures.totalBlockingTime}  ` +
          `CLS ${figures.cumulativeLayoutShift}  SI ${figures.speedIndex}  (benchmark index ${figures.benchmarkIndex})`,
      )
      for (const problem of figures.problems) console.log(`${''.padEnd(11)} ${problem}`)
      if (figures.failedAccessibility.length > 0) {
        console.log(
          `${''.padEnd(11)} accessibility audits not passed: ${figures.failedAccessibility.join(', ')}`,
        )
      }
    }
    if (pageRuns.length > 1) {
      const sorted = pageRuns.map((figures) => figures.performance).sort((a, b) => a - b)
      const median = sorted[Math.floor((sorted.length - 1) / 2)]
      console.log(
        `${name.padEnd(11)} performance median ${median} over ${sorted.length} runs (${sorted.join(', ')})`,
      )
    }
  }
} finally {
  await context.close()
  await server.close()
  rmSync(profileDir, { recursive: true, force: true })
}
