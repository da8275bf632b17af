import { defineConfig } from 'vitest/config'
import { passes, staticStorybookProject, storybookProject } from './vitest.storybook.config.ts'

// Each project keeps a flat config of its own (Vitest does not nest `test.projects`); the story tests appear
// twice, once per theme and width (see vitest.storybook.config.ts).
export default defineConfig({
  test: {
    projects: [
      'packages/*/vitest.config.ts',
      'server/vitest.config.ts',
      'server/vitest.postgres.config.ts',
      'e2e/vitest.config.ts',
      ...passes.map((pass) => storybookProject(pass)),
      staticStorybookProject,
    ],
  },
})
