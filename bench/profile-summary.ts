// Reads a V8 CPU profile (node --cpu-prof, or BENCH_PROFILE=<dir> pnpm bench:load) and prints where the time
// went: self time by function and by package or source file, and the inclusive time of our own functions.
//
//   pnpm --filter ./server exec tsx ../bench/profile-summary.ts <file.cpuprofile> [rows]

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

const [file, rowsArgument] = process.argv.slice(2)
if (!file) throw new Error('usage: profile-summary.ts <file.cpuprofile> [rows]')
const rows = Number(rowsArgument ?? 25)
const profile = JSON.parse(fs.readFileSync(file, 'utf8')) as Profile

const byId = new Map(profile.nodes.map((node) => [node.id, node]))
const parentOf = new Map<number, number>()
for (const node of profile.nodes) for (const child of node.children ?? []) parentOf.set(child, node.id)

const selfTime = new Map<number, number>()
profile.samples.forEach((id, index) => {
  selfTime.set(id, (selfTime.get(id) ?? 0) + (profile.timeDeltas[index] ?? 0))
})
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

console.log(`${file}: ${(total / 1e6).toFixed(1)} s sampled`)
top(selfByPlace, 'Self time by package or file')
top(selfByFunction, 'Self time by function')
top(inclusiveOwn, 'Inclusive time of the server’s own functions')
top(inclusiveAll, 'Inclusive time of every function')
