import pino from 'pino'
import { currentRequestId } from './ops/request-context'

// The server's one logging seam. The server and worker processes write JSON lines (pino), each with the id of
// the request it follows from; tests capture or silence it. Callers pass only what is safe to print (never
// passwords, tokens, keys or request bodies); the JSON logger also blanks fields named like secrets.

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

/** Field names blanked wherever they appear in a logged object, one level down too. */
const SECRET_FIELDS = new Set([
  'password',
  'token',
  'secret',
  'apiKey',
  'api_key',
  'key',
  'authorization',
  'cookie',
])
const BLANKED = '[redacted]'

/**
 * `fields` with every field named like a secret blanked, at the top level and one level down. The caller's
 * object is never changed: a copy is made only where something is blanked, so a line without secrets (every
 * request's) costs a look at its keys.
 */
function blankSecrets(fields: Record<string, unknown>, depth = 0): Record<string, unknown> {
  let result = fields
  for (const key of Object.keys(fields)) {
    const value = fields[key]
    let blanked = value
    if (SECRET_FIELDS.has(key)) blanked = BLANKED
    else if (depth === 0 && typeof value === 'object' && value !== null && !Array.isArray(value)) {
      blanked = blankSecrets(value as Record<string, unknown>, 1)
    }
    if (blanked !== value) {
      if (result === fields) result = { ...fields }
      result[key] = blanked
    }
  }
  return result
}

/**
 * JSON lines on `destination` (standard output by default): `{"level":"info","time":...,"msg":...,
 * "requestId":...,...fields}`. `level` is the threshold (LOG_LEVEL).
 */
export function createJsonLogger(
  options: { level?: string; destination?: pino.DestinationStream; base?: Record<string, unknown> } = {},
): Logger {
  const log = pino(
    {
      level: options.level ?? 'info',
      base: { pid: process.pid, ...options.base },
      formatters: { level: (label) => ({ level: label }), log: (fields) => blankSecrets(fields) },
      timestamp: pino.stdTimeFunctions.isoTime,
      messageKey: 'msg',
      mixin() {
        const requestId = currentRequestId()
        return requestId ? { requestId } : {}
      },
    },
    options.destination ?? pino.destination({ dest: 1, sync: true }),
  )
  return {
    info: (message, fields) => log.info(fields ?? {}, message),
    warn: (message, fields) => log.warn(fields ?? {}, message),
    error: (message, fields) => log.error(fields ?? {}, message),
  }
}
