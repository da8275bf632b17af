// Reads a recording of Linux's `perf` (BENCH_PERF=<dir> pnpm bench:load, or `perf record -e cpu-clock -g -p <pid>`)
// and tells where a server process spent its CPU, the kernel's side included, which a V8 profile cannot see: its
// main thread in user space, in each kind of system call (a socket write apart from the part of it that wakes the
// reader of the other end, on one machine the load generator), and its other threads (V8's compiler and garbage
// collector, libuv's pool) by name.
//
//   pnpm --filter ./server exec tsx ../bench/perf-summary.ts <file.data> [more files]

import { execFileSync } from 'node:child_process'

const files = process.argv.slice(2)
if (files.length === 0) throw new Error('usage: perf-summary.ts <file.data> [more files]')

/** Whether one of `frames` (function names, innermost first) contains `part`. */
const has = (frames: string[], part: string) => frames.some((frame) => frame.includes(part))

/** A write on a socket (or pipe): the kernel's socket code, or Node's stream writing it. */
const socketWrite = (frames: string[]) =>
  has(frames, 'sock_write_iter') || has(frames, 'LibuvStreamWrap::DoTryWrite')

/** Kinds of system call, most telling first; the first that matches names the sample. */
const SYSTEM_CALLS: [string, (frames: string[]) => boolean][] = [
  ['socket write: waking the reader', (frames) => socketWrite(frames) && has(frames, 'sock_def_readable')],
  ['socket write: the rest', socketWrite],
  ['file write', (frames) => has(frames, 'ksys_write') || has(frames, 'ksys_pwrite')],
  [
    'read',
    (frames) => has(frames, 'ksys_read') || has(frames, 'sock_read_iter') || has(frames, 'ksys_pread'),
  ],
  ['fcntl (file locks)', (frames) => has(frames, 'fcntl')],
  ['epoll (waiting for work)', (frames) => has(frames, 'epoll')],
]

/** Which kind of work one sample of `perf script` (its first line, then one frame a line) belongs to. */
function kind(sample: string): string {
  const [header = '', ...lines] = sample.split('\n')
  // The thread's name is the header's first word; Node names its main thread MainThread (older perf: node).
  const thread = header.trim().split(/\s+/)[0] ?? '?'
  // Each frame line is an address, then the function's name.
  const frames = lines.map((line) => line.trim().replace(/^\S+\s*/, ''))
  const main = thread === 'MainThread' || thread === 'node'
  if (!main) return thread
  if (!has(frames, 'entry_SYSCALL')) return 'main thread: user space'
  const found = SYSTEM_CALLS.find(([, matches]) => matches(frames))
  return `main thread: ${found ? found[0] : 'other system calls'}`
}

for (const file of files) {
  const script = execFileSync('perf', ['script', '-i', file, '-F', 'comm,ip,sym'], {
    encoding: 'utf8',
    maxBuffer: 1024 ** 3,
    stdio: ['ignore', 'pipe', 'ignore'],
  })
  const samples = script.split(/\n\s*\n/).filter((sample) => sample.trim() !== '')
  const counts = new Map<string, number>()
  for (const sample of samples) {
    const name = kind(sample)
    counts.set(name, (counts.get(name) ?? 0) + 1)
  }
  console.log(`${file}: ${samples.length} samples`)
  for (const [name, count] of [...counts].sort((a, b) => b[1] - a[1])) {
    console.log(`${((count / samples.length) * 100).toFixed(1).padStart(6)}%  ${name}`)
  }
}
