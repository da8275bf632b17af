import { defineConfig } from 'vitest/config'

export default defineConfig({
  test: {
    name: 'server',
    root: import.meta.dirname,
    include: ['test/**/*.test.ts', 'src/**/*.test.ts'],
    environment: 'node',
  },
})
