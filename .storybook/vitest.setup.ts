import { afterEach, beforeEach } from 'vitest'

// A console error fails the story: React warnings, failed renders and MSW's unhandled requests all land there.
const originalConsoleError = console.error
let consoleErrors: string[] = []

beforeEach(() => {
  consoleErrors = []
  console.error = (...args: unknown[]) => {
    consoleErrors.push(args.map((arg) => (arg instanceof Error ? arg.stack : String(arg))).join(' '))
    originalConsoleError(...args)
  }
})

afterEach(() => {
  console.error = originalConsoleError
  if (consoleErrors.length > 0) {
    throw new Error(`console.error was called during the story:\n${consoleErrors.join('\n')}`)
  }
})
