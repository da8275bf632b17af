import { API_V2_PATH, CONTROL_CHARACTERS_MESSAGE } from '@engage/contract'
import type { MiddlewareHandler } from 'hono'
import type { AppEnv } from './env'

// Text with control characters is refused where it enters, before it reaches a query or a page: PostgreSQL
// cannot store NUL at all (it fails the statement), and the other C0 controls only ever arrive from scripts
// probing the API. Tab, line feed and carriage return stay allowed: comments and prompts are multi-line.

// eslint-disable-next-line no-control-regex -- matching control characters is the point
const controlCharacter = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/

export function hasControlCharacter(text: string): boolean {
  return controlCharacter.test(text)
}

/**
 * The path of the first string holding a control character in a parsed value ('items[2].link', '' for the
 * value itself), or null when there is none. Keys are checked as well as values.
 */
export function findControlCharacter(value: unknown, path = ''): string | null {
  if (typeof value === 'string') return hasControlCharacter(value) ? path : null
  if (Array.isArray(value)) {
    for (const [index, item] of value.entries()) {
      const found = findControlCharacter(item, `${path}[${index}]`)
      if (found !== null) return found
    }
    return null
  }
  if (typeof value === 'object' && value !== null) {
    for (const [key, item] of Object.entries(value)) {
      const where = path === '' ? key : `${path}.${key}`
      if (hasControlCharacter(key)) return where
      const found = findControlCharacter(item, where)
      if (found !== null) return found
    }
  }
  return null
}

function decoded(text: string): string {
  try {
    return decodeURIComponent(text.replaceAll('+', ' '))
  } catch {
    return text
  }
}

/**
 * Refuses a request whose path or query string holds a control character, naming the part: 422 `{ detail }`
 * on the JSON API, HTTP 200 `{ error }` on the SMM API v2 as panels answer. Bodies are checked by `validate`.
 */
export function rejectControlCharacters(): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const url = c.req.url
    const queryStart = url.indexOf('?')
    const pathStart = url.indexOf('/', url.indexOf('//') + 2)
    const path = url.slice(pathStart, queryStart === -1 ? undefined : queryStart)
    let field: string | null = hasControlCharacter(decoded(path)) ? 'path' : null
    if (field === null && queryStart !== -1) {
      for (const pair of url.slice(queryStart + 1).split('&')) {
        const [name = '', value = ''] = pair.split('=')
        if (hasControlCharacter(decoded(name)) || hasControlCharacter(decoded(value))) {
          field = decoded(name).replace(controlCharacter, '?') || 'query'
          break
        }
      }
    }
    if (field === null) return next()
    const detail = `${field}: ${CONTROL_CHARACTERS_MESSAGE}`
    if (c.req.path.startsWith(API_V2_PATH)) return c.json({ error: detail })
    return c.json({ detail, field }, 422)
  }
}

/** findControlCharacter over a JSON text; null as well when the text is not JSON (its reader refuses it). */
export function controlCharacterInJson(text: string): string | null {
  let value: unknown
  try {
    value = JSON.parse(text)
  } catch {
    return null
  }
  return findControlCharacter(value)
}
