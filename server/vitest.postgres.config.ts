import { defineConfig } from 'vitest/config'
import { serverTestOptions } from './vitest.config.ts'

export default defineConfig({
  test: {
    ...serverTestOptions,
    name: 'server-postgres',
    // `cli db:backup` copies the SQLite file; a PostgreSQL deployment is backed up with pg_dump (docs/deploy.md).
    // The SQLite dialect's parameters, and its commits of a turn's writes together, are SQLite's alone.
    exclude: ['test/backup.test.ts', 'test/sqlite-statements.test.ts', 'test/sqlite-group-commit.test.ts'],
    env: { TEST_DB: 'postgres' },
    globalSetup: ['test/support/global-setup.ts'],
  },
})
