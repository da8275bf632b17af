// Reads a V8 CPU profile (node --cpu-prof, or BENCH_PROFILE=<dir> pnpm bench:load) and prints where the time
// went: self time by function and by package or source file, and the inclusive time of our own functions.
// A profile covers the whole process (start-up, idle time and every scenario of the run); `--busiest <seconds>`
// keeps only the window of that length in which the process was busiest (a measured scenario's 5 s) and gives
// each figure as a share of the time the process was busy in it.
//
//   pnpm --filter ./server exec tsx ../bench/profile-summary.ts <file.cpuprofile> [rows] [--busiest 5]

import fs from 'node:fs'

interface ProfileNode {
  id: number
  callFrame: { functionName: string; url: string; lineNumber: number }
  children?: number[]
}

interface Profile {
  nodes: ProfileNode[]
  samples: number[]
  timeDeltas: number[]
}

const USAGE = 'usage: profile-summary.ts <file.cpuprofile> [rows] [--busiest <seconds>]'
const args = process.argv.slice(2)
const busiestAt = args.indexOf('--busiest')
const busiestSeconds = busiestAt === -1 ? undefined : Number(args[busiestAt + 1])
if (busiestSeconds !== undefined && !(busiestSeconds > 0)) throw new Error(USAGE)
const [file, rowsArgument] =
  busiestAt === -1 ? args : args.filter((_, index) => index < busiestAt || index > busiestAt + 1)
if (!file) throw new Error(USAGE)
const rows = Number(rowsArgument ?? 25)
const profile = JSON.parse(fs.readFileSync(file, 'utf8')) as Profile

const byId = new Map(profile.nodes.map((node) => [node.id, node]))
const parentOf = new Map<number, number>()
for (const node of profile.nodes) for (const child of node.children ?? []) parentOf.set(child, node.id)
const idleIds = new Set(
  profile.nodes.filter((node) => node.callFrame.functionName === '(idle)').map((node) => node.id),
)

/** Each sample's time from the profile's start, in µs; a sample's weight is the delta that precedes it. */
const sampleTimes: number[] = []
let elapsed = 0
for (const delta of profile.timeDeltas) sampleTimes.push((elapsed += delta))
const weight = (index: number) => profile.timeDeltas[index] ?? 0

/**
 * The samples [first, last) of the `seconds`-long window with the most busy (non-idle) time: one pass of a
 * window sliding over the samples.
 */
function busiestWindow(seconds: number): { first: number; last: number } {
  const span = seconds * 1e6
  let best = { first: 0, last: 0, busy: -1 }
  let first = 0
  let busy = 0
  for (let index = 0; index < profile.samples.length; index++) {
    if (!idleIds.has(profile.samples[index] ?? -1)) busy += weight(index)
    while ((sampleTimes[index] ?? 0) - (sampleTimes[first] ?? 0) > span) {
      if (!idleIds.has(profile.samples[first] ?? -1)) busy -= weight(first)
      first++
    }
    if (busy > best.busy) best = { first, last: index + 1, busy }
  }
  return best
}

const window =
  busiestSeconds === undefined ? { first: 0, last: profile.samples.length } : busiestWindow(busiestSeconds)
const selfTime = new Map<number, number>()
for (let index = window.first; index < window.last; index++) {
  const id = profile.samples[index] ?? -1
  // In the busiest window, shares are of the busy time: the idle time left in it would only dilute them.
  if (busiestSeconds !== undefined && idleIds.has(id)) continue
  selfTime.set(id, (selfTime.get(id) ?? 0) + weight(index))
}
const total = [...selfTime.values()].reduce((sum, value) => sum + value, 0)

/** A package name for files under node_modules, else the path from the repository's root. */
function place(url: string): string {
  if (url === '') return '(native)'
  const modules = url.lastIndexOf('node_modules/')
  if (modules !== -1) {
    const rest = url.slice(modules + 'node_modules/'.length).split('/')
    return rest[0]?.startsWith('@') ? `${rest[0]}/${rest[1]}` : (rest[0] ?? url)
  }
  if (url.startsWith('node:')) return url
  const root = ownRoot(url)
  return root === -1 ? url.replace(/^file:\/\//, '') : url.slice(root + 1)
}

/** Where the server's own path begins in a frame's URL: its sources, or the build `pnpm start` runs; else -1. */
function ownRoot(url: string): number {
  const source = url.indexOf('/server/src/')
  return source !== -1 ? source : url.indexOf('/server/dist/')
}

const label = (node: ProfileNode) =>
  `${node.callFrame.functionName || '(anonymous)'} ${place(node.callFrame.url)}:${node.callFrame.lineNumber + 1}`

function top(map: Map<string, number>, title: string): void {
  console.log(`\n${title}`)
  const sorted = [...map.entries()].sort((a, b) => b[1] - a[1]).slice(0, rows)
  for (const [name, micros] of sorted)
    console.log(`${((100 * micros) / total).toFixed(1).padStart(5)}%  ${name}`)
}

const selfByFunction = new Map<string, number>()
const selfByPlace = new Map<string, number>()
const inclusiveOwn = new Map<string, number>()
const inclusiveAll = new Map<string, number>()
for (const [id, micros] of selfTime) {
  const node = byId.get(id)
  if (!node) continue
  const name = label(node)
  selfByFunction.set(name, (selfByFunction.get(name) ?? 0) + micros)
  const where = place(node.callFrame.url)
  selfByPlace.set(where, (selfByPlace.get(where) ?? 0) + micros)
  // Inclusive time: every distinct frame of our own on the sample's stack.
  const seen = new Set<string>()
  const seenAny = new Set<string>()
  for (let at: number | undefined = id; at !== undefined; at = parentOf.get(at)) {
    const frame = byId.get(at)
    if (!frame) continue
    const any = label(frame)
    if (!seenAny.has(any)) {
      seenAny.add(any)
      inclusiveAll.set(any, (inclusiveAll.get(any) ?? 0) + micros)
    }
    if (ownRoot(frame.callFrame.url) === -1) continue
    if (seen.has(any)) continue
    seen.add(any)
    inclusiveOwn.set(any, (inclusiveOwn.get(any) ?? 0) + micros)
  }
}

if (busiestSeconds === undefined) console.log(`${file}: ${(total / 1e6).toFixed(1)} s sampled`)
else {
  const from = ((sampleTimes[window.first] ?? 0) / 1e6).toFixed(1)
  console.log(
    `${file}: the busiest ${busiestSeconds} s, from ${from} s into the profile: ${(total / 1e6).toFixed(2)} s busy ` +
      `(${((100 * total) / (busiestSeconds * 1e6)).toFixed(0)}% of the window); shares are of the busy time`,
  )
}
top(selfByPlace, 'Self time by package or file')
top(selfByFunction, 'Self time by function')
top(inclusiveOwn, 'Inclusive time of the server’s own functions')
top(inclusiveAll, 'Inclusive time of every function')
