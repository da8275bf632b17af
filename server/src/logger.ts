// The server's one logging seam: main.ts logs to the console, tests capture or silence it. Callers pass only
// what is safe to print (never passwords, tokens, keys or request bodies).

export interface Logger {
  info(message: string, fields?: Record<string, unknown>): void
  warn(message: string, fields?: Record<string, unknown>): void
  error(message: string, fields?: Record<string, unknown>): void
}

function line(message: string, fields?: Record<string, unknown>): string {
  return fields && Object.keys(fields).length > 0 ? `${message} ${JSON.stringify(fields)}` : message
}

export const consoleLogger: Logger = {
  info: (message, fields) => console.log(line(message, fields)),
  warn: (message, fields) => console.warn(line(message, fields)),
  error: (message, fields) => console.error(line(message, fields)),
}

export const silentLogger: Logger = {
  info: () => {},
  warn: () => {},
  error: () => {},
}
