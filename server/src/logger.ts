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
const SECRET_FIELDS = ['password', 'token', 'secret', 'apiKey', 'api_key', 'key', 'authorization', 'cookie']

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
      formatters: { level: (label) => ({ level: label }) },
      timestamp: pino.stdTimeFunctions.isoTime,
      messageKey: 'msg',
      redact: {
        paths: SECRET_FIELDS.flatMap((field) => [field, `*.${field}`]),
        censor: '[redacted]',
      },
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
