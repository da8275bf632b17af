import { defineConfig, type TestProjectInlineConfiguration } from 'vitest/config'

// The server suite runs twice, the same tests on each database: this project on SQLite, and
// vitest.postgres.config.ts (`server-postgres`) on PostgreSQL.
export const serverTestOptions: NonNullable<TestProjectInlineConfiguration['test']> = {
  root: import.meta.dirname,
  include: ['test/**/*.test.ts', 'src/**/*.test.ts'],
  environment: 'node',
  testTimeout: 30_000,
  hookTimeout: 60_000,
}

export default defineConfig({
  test: {
    ...serverTestOptions,
    name: 'server',
    // Two API processes and a worker process on one database is a PostgreSQL deployment; SQLite runs in one.
    // Nor does SQLite run two transactions side by side, which the live updates' PostgreSQL test needs; nor
    // does it send statements by name.
    exclude: [
      'test/multi-process.test.ts',
      'test/live-events-postgres.test.ts',
      'test/postgres-statements.test.ts',
    ],
    env: { TEST_DB: 'sqlite' },
  },
})
