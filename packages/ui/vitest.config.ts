import { defineConfig } from 'vitest/config'

// Node tests of the design system: the token contract (contrast). Components are tested by their stories.
export default defineConfig({
  test: { name: 'ui', root: import.meta.dirname, include: ['src/**/*.test.ts'], environment: 'node' },
})
