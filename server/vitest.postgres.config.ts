import { defineConfig } from 'vitest/config'
import { serverTestOptions } from './vitest.config.ts'

export default defineConfig({
  test: {
    ...serverTestOptions,
    name: 'server-postgres',
    env: { TEST_DB: 'postgres' },
    globalSetup: ['test/support/global-setup.ts'],
  },
})
