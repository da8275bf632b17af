// The load benchmark's settings, from the environment.

import { fileURLToPath } from 'node:url'

export const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 32)
export const SECONDS = Number(process.env.BENCH_SECONDS ?? 5)
/**
 * Load before each measurement, not measured. Under load V8's optimising compiler keeps working on the API's code
 * for several seconds (its threads took 14% of the API's CPU in the first 3 s of user/me, 3% in the next 3 s,
 * under 1% after 6 s): a shorter warm-up measures the compiler and code not yet optimised, not the server as it
 * runs for days.
 */
export const WARMUP_SECONDS = Number(process.env.BENCH_WARMUP_SECONDS ?? 8)
export const USERS = 64
/** The benchmark's entry, which the child processes run again in their role (BENCH_ROLE). */
export const entryFile = fileURLToPath(new URL('../load.ts', import.meta.url))
/** BENCH_ONLY=user/me,orders/create measures only the scenarios whose name contains one of these. */
const ONLY = process.env.BENCH_ONLY?.split(',').filter(Boolean) ?? []
export const wanted = (scenario: string) => ONLY.length === 0 || ONLY.some((part) => scenario.includes(part))
/** BENCH_DATABASES=sqlite or postgres measures only that database. */
export const DATABASES = process.env.BENCH_DATABASES?.split(',') ?? ['sqlite', 'postgres']
