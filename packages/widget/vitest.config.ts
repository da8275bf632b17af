import { defineConfig } from 'vitest/config'

// The widget's node tests: its attribute and link rules, the budgets of its build, and its built bundle in
// Chromium (those two build the widget first when its build is missing or stale).
export default defineConfig({
  test: {
    name: 'widget',
    root: import.meta.dirname,
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    environment: 'node',
    // A cold widget build takes a minute or two on a busy machine.
    hookTimeout: 300_000,
    // One file at a time: test/budgets.test.ts and test/bundle-in-browser.test.ts each build the widget when it
    // is stale, and two builds at once would empty dist/ under each other.
    fileParallelism: false,
  },
})
