// The one table the load benchmark prints, with a line per target.

import os from 'node:os'
import { CONNECTIONS, SECONDS, WARMUP_SECONDS } from './config'
import { type Row, TARGETS } from './measure'

/**
 * One table: a line per scenario, for each database its req/s, p50 and p99 in ms, the ratio to the hello-world
 * measured just before that database's scenarios, the server process's CPU per request and the whole machine's
 * (with the share of its cores that was busy: near 100%, the rate is what the machine's cores allow), and on
 * PostgreSQL its own processes' CPU per request; then which targets are met.
 */
export function printTable(rows: Row[]): void {
  const databases = [...new Set(rows.map((row) => row.database))]
  const scenarios = [...new Set(rows.map((row) => row.scenario))]
  const helloOf = (database: string) =>
    rows.find((row) => row.scenario === 'hello-world' && row.database === database)?.requestsPerSecond ?? 0
  const find = (scenario: string, database: string) =>
    rows.find((row) => row.scenario === scenario && row.database === database)
  // PostgreSQL's own CPU is read only where the database is PostgreSQL (measure.ts): its column follows the rows.
  const readsPostgres = (database: string) =>
    rows.some((row) => row.database === database && row.postgresCpuMicros !== undefined)
  const columns = (database: string) => [
    database,
    'p50',
    'p99',
    'x hello',
    'CPU/req',
    ...(readsPostgres(database) ? ['PostgreSQL/req'] : []),
    'machine/req',
  ]
  const header = ['scenario', ...databases.flatMap(columns)]
  const lines = scenarios.map((scenario) => [
    scenario,
    ...databases.flatMap((database) => {
      const row = find(scenario, database)
      if (!row) return columns(database).map(() => '')
      const hello = helloOf(database)
      const failed = row.non2xx + row.errors
      const micros = (value: number | undefined) => (value === undefined ? '' : `${Math.round(value)} µs`)
      return [
        `${Math.round(row.requestsPerSecond).toLocaleString('en-US')}/s${failed ? ` (${failed} failed)` : ''}`,
        `${row.p50} ms`,
        `${row.p99} ms`,
        hello > 0 ? `${(row.requestsPerSecond / hello).toFixed(2)}` : '',
        micros(row.cpuMicros),
        ...(readsPostgres(database) ? [micros(row.postgresCpuMicros)] : []),
        row.machine === undefined
          ? ''
          : `${Math.round(row.machine.cpuMicros)} µs, ${Math.round(row.machine.busy * 100)}%`,
      ]
    }),
  ])
  const widths = header.map((title, column) =>
    Math.max(title.length, ...lines.map((line) => line[column]?.length ?? 0)),
  )
  const format = (cells: string[]) =>
    `| ${cells.map((cell, column) => cell.padEnd(widths[column] ?? 0)).join(' | ')} |`
  console.log(`\n${format(header)}\n|${widths.map((width) => '-'.repeat(width + 2)).join('|')}|`)
  for (const line of lines) console.log(format(line))
  const verdicts = Object.entries(TARGETS).flatMap(([scenario, target]) =>
    databases.flatMap((database) => {
      const row = find(scenario, database)
      if (!row) return []
      const met = target.met(row, helloOf(database)) && row.non2xx + row.errors === 0
      return [`${scenario} on ${database} (${target.text}): ${met ? 'met' : 'NOT met'}`]
    }),
  )
  console.log(`\nTargets:\n${verdicts.map((verdict) => `  ${verdict}`).join('\n')}`)
  console.log(
    `\n${CONNECTIONS} connections unless said, ${SECONDS} s per measurement after ${WARMUP_SECONDS} s of warm-up, ` +
      `${os.cpus().length} CPUs, Node ${process.version}, ` +
      `load average ${os
        .loadavg()
        .map((load) => load.toFixed(2))
        .join(' ')}; ` +
      'CPU/req is the server process only (the API processes together in the two-process line); PostgreSQL/req ' +
      "is PostgreSQL's processes; machine/req is every process's (the load generator's too), with the share of " +
      'the cores that was busy',
  )
}
