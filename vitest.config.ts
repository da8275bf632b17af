import { defineConfig } from 'vitest/config'
import { staticStorybookProject } from './vitest.storybook.config.ts'

// Each project keeps a flat config of its own (Vitest does not nest `test.projects`). The stories are tested in
// the static Storybook designers and Chromatic open, in both passes (dark at 1280 px, light at 375 px); the same
// tests on the sources, in Vite's development server, are the story writer's loop (`pnpm test:stories`).
export default defineConfig({
  test: {
    projects: [
      'packages/*/vitest.config.ts',
      'server/vitest.config.ts',
      'server/vitest.postgres.config.ts',
      'e2e/vitest.config.ts',
      staticStorybookProject,
    ],
  },
})
