// Load benchmark of the API. It prints figures and asserts nothing.
//
//   pnpm bench:load                                (root script)
//   pnpm --filter ./server exec tsx ../bench/load.ts
//   BENCH_ONLY=user/me BENCH_DATABASES=sqlite BENCH_PROFILE=/tmp/profiles pnpm bench:load
//   BENCH_ONLY=user/me BENCH_DATABASES=sqlite BENCH_PERF=/tmp/perf pnpm bench:load   (then bench/perf-summary.ts)
//
// In one run: the API as it ships (the build `pnpm start` runs, server/dist/server/main.js, with plain node and
// its JSON log lines written to a file) on a fresh SQLite file and, when PostgreSQL answers (DATABASE_URL, else
// 127.0.0.1:5432), on a fresh PostgreSQL database, each compared with a bare @hono/node-server hello-world
// measured just before it. Every server runs in a child process of its own, so autocannon (in this process) does
// not share an event loop with it. Measured at BENCH_CONNECTIONS (32) connections for BENCH_SECONDS (5) each,
// after BENCH_WARMUP_SECONDS (8) of warm-up: hello-world, GET /api/get-services, GET /api/user/me, the first page
// of GET /api/orders/get for a customer with 100,000 orders (one connection), GET /api/analytics of the same customer
// over 366 days by day (their orders spread over the year; one connection), POST /api/orders/create (distinct links,
// 64 funded customers in turn); and on PostgreSQL the same orders across two API processes and one worker
// process on one database (half the connections on each API process). Beside get-services and user/me, the
// bare hello-world giving back their exact answers (the least any server could spend on them), and user/me's
// answer again from the bare server kept busy as long per request as the API was: the p99 that user/me's CPU
// cost alone gives in a queue of 32 connections on this machine. Besides req/s and latencies, the server
// process's CPU time per request, which a busy machine moves much less, and where the rest of the machine's went:
// PostgreSQL's processes' and the load generator's CPU per request, which bound what any API could reach here.
// Targets (see TARGETS): get-services >= 0.8 x hello-world; user/me p99 <= 10 ms; orders/create >= 2,500/s on
// SQLite and >= 1,500/s on PostgreSQL with p99 <= 25 ms; the first page of 100,000 orders in <= 5 ms; their
// analytics in <= 50 ms.

import { DATABASES, wanted } from './load/config'
import { measureApi, measureTwoProcesses, type Row, TWO_PROCESSES_SCENARIO } from './load/measure'
import { printTable } from './load/report'
import { reachablePostgres, withDatabase } from './postgres'
import { runApi, runHelloWorld, start, stop } from './load/servers'

async function main(): Promise<void> {
  const rows: Row[] = []
  const hello = await start('hello')
  const helloServer = { url: hello.url, pid: hello.pid }
  try {
    if (DATABASES.includes('sqlite')) {
      console.log('SQLite')
      rows.push(...(await measureApi('sqlite', {}, helloServer)))
    }
    if (DATABASES.includes('postgres')) await measurePostgres(rows, helloServer)
  } finally {
    await stop(hello.child)
  }
  printTable(rows)
}

async function measurePostgres(rows: Row[], hello: { url: string; pid: number | undefined }): Promise<void> {
  const postgresUrl = await reachablePostgres()
  if (postgresUrl) {
    console.log('PostgreSQL')
    // A database of its own rather than a schema: startServer migrates whatever database DATABASE_URL names.
    rows.push(
      ...(await withDatabase(postgresUrl, 'engage_bench', (url) =>
        measureApi('postgres', { BENCH_DATABASE_URL: url }, hello),
      )),
    )
    // On a database of its own too, so that it starts from no orders like the line above.
    if (wanted(TWO_PROCESSES_SCENARIO))
      rows.push(await withDatabase(postgresUrl, 'engage_bench', measureTwoProcesses))
  } else {
    console.log('PostgreSQL: not reachable (set DATABASE_URL); measured SQLite only')
  }
}

export const role = process.env.BENCH_ROLE
if (role === 'hello') runHelloWorld()
else if (role === 'api') await runApi()
else await main()
