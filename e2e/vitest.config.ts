import { defineConfig } from 'vitest/config'

// The end-to-end suite: the real server (one process: API, sandbox, simulator, job worker and the built panel)
// with a fresh SQLite database, driven through Debian's Chromium by playwright-core. One server and one
// browser for the whole run, so the files run one after the other.
export default defineConfig({
  test: {
    name: 'e2e',
    root: import.meta.dirname,
    include: ['**/*.test.ts'],
    environment: 'node',
    globalSetup: ['./support/globalSetup.ts'],
    fileParallelism: false,
    testTimeout: 120_000,
    // The global setup may build the panel first (a few minutes on a busy machine).
    hookTimeout: 600_000,
  },
})
