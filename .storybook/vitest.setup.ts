import { afterEach, beforeEach } from 'vitest'

// A console error fails the story: React warnings, failed renders and MSW's unhandled requests all land there.
const originalConsoleError = console.error
let consoleErrors: string[] = []

beforeEach(() => {
  consoleErrors = []
  console.error = (...args: unknown[]) => {
    const text = args.map((arg) => (arg instanceof Error ? arg.stack : String(arg))).join(' ')
    originalConsoleError(...args)
    // Chromium reports a ResizeObserver that could not deliver every notification in one frame as an error: the
    // browser noting a deferred layout (the notifications arrive next frame), not a fault. The sidebar's
    // responsive layout triggers it at 375 px. Only that exact message is let through.
    if (text.includes('ResizeObserver loop completed with undelivered notifications')) return
    consoleErrors.push(text)
  }
})

afterEach(() => {
  console.error = originalConsoleError
  if (consoleErrors.length > 0) {
    throw new Error(`console.error was called during the story:\n${consoleErrors.join('\n')}`)
  }
})
