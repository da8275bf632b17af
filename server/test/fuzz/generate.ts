import * as z from 'zod'

// Request generation for the fuzz test: a plausible value read off each schema's JSON Schema (so a request
// gets past the first check and reaches deeper code), then one mutation of it that a careless or hostile
// client sends. A seeded generator keeps a failure reproducible: the test prints the seed and the request.

export type Random = () => number

/** mulberry32: a small, fast seeded generator; plenty for choosing test inputs. */
export function seededRandom(seed: number): Random {
  let state = seed >>> 0
  return () => {
    state = (state + 0x6d2b79f5) >>> 0
    let value = state
    value = Math.imul(value ^ (value >>> 15), value | 1)
    value ^= value + Math.imul(value ^ (value >>> 7), value | 61)
    return ((value ^ (value >>> 14)) >>> 0) / 4_294_967_296
  }
}

export const pick = <Item>(random: Random, items: readonly Item[]): Item =>
  items[Math.floor(random() * items.length)] as Item

type JsonSchema = {
  type?: string | string[]
  properties?: Record<string, JsonSchema>
  required?: string[]
  items?: JsonSchema
  anyOf?: JsonSchema[]
  oneOf?: JsonSchema[]
  allOf?: JsonSchema[]
  enum?: unknown[]
  const?: unknown
  format?: string
  minimum?: number
  maximum?: number
  minLength?: number
  maxLength?: number
  default?: unknown
}

export function jsonSchemaOf(schema: z.ZodType | undefined): JsonSchema | null {
  if (!schema) return null
  return z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as JsonSchema
}

/** A value the schema most likely accepts. */
export function sample(schema: JsonSchema, random: Random, depth = 0): unknown {
  if (schema.const !== undefined) return schema.const
  if (schema.enum) return pick(random, schema.enum)
  const choices = schema.anyOf ?? schema.oneOf
  if (choices && choices.length > 0) return sample(pick(random, choices), random, depth + 1)
  if (schema.allOf?.[0]) return sample(schema.allOf[0], random, depth + 1)
  const type = Array.isArray(schema.type) ? pick(random, schema.type) : schema.type
  switch (type) {
    case 'object': {
      const value: Record<string, unknown> = {}
      for (const [name, property] of Object.entries(schema.properties ?? {})) {
        if (depth < 4 && (schema.required?.includes(name) || random() < 0.5)) {
          value[name] = sample(property, random, depth + 1)
        }
      }
      return value
    }
    case 'array':
      return depth < 4 && schema.items ? [sample(schema.items, random, depth + 1)] : []
    case 'integer':
    case 'number': {
      const low = schema.minimum ?? 1
      const high = Math.min(schema.maximum ?? low + 1000, low + 1000)
      const value = low + random() * (high - low)
      return type === 'integer' ? Math.round(value) : Math.round(value * 100) / 100
    }
    case 'boolean':
      return random() < 0.5
    case 'null':
      return null
    case 'string':
      return sampleString(schema, random)
    default:
      return pick(random, ['x', 1, true, null, {}])
  }
}

function sampleString(schema: JsonSchema, random: Random): string {
  if (schema.format === 'email') return `fuzz${Math.floor(random() * 1e6)}@example.test`
  if (schema.format === 'uri' || schema.format === 'url') return 'https://x.com/fuzz'
  if (schema.format === 'date-time') return new Date(Date.UTC(2026, 10, 26)).toISOString()
  const length = Math.max(schema.minLength ?? 1, Math.min(schema.maxLength ?? 12, 12))
  return pick(random, ['https://x.com/a', 'abcdefghijkl', 'likes', 'Panel 1'])
    .padEnd(length, 'x')
    .slice(0, Math.max(length, 1))
}

/** Strings and numbers that have broken servers before. */
const hostileStrings = [
  '',
  ' ',
  'x'.repeat(200_000),
  '\u0000',
  'a\u0000b',
  '\u0007\u001b[31m',
  '\ud800',
  '🙂'.repeat(50),
  '\u202eevil',
  "' OR 1=1 --",
  '../../etc/passwd',
  '<script>alert(1)</script>',
  '%00',
  '1e309',
  'NaN',
  '-1',
  '0x10',
  '[]',
  '{}',
]
const hostileNumbers = [-1, 0, -0, 0.5, 1e308, -1e308, 2 ** 53 + 1, 1e10, 1e-9]
const wrongTypes = [null, true, [], {}, 'text', 12, [1, 2], { nested: { deep: [null] } }]

/** One mutation of a sampled body; also answers a label for the failure message. */
export function mutateBody(value: unknown, random: Random): { value: unknown; label: string } {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    const replaced = pick(random, [...wrongTypes, ...hostileStrings.slice(0, 6), ...hostileNumbers])
    return { value: replaced, label: 'body replaced' }
  }
  const copy: Record<string, unknown> = { ...(value as Record<string, unknown>) }
  const names = Object.keys(copy)
  const name = names.length > 0 ? pick(random, names) : 'field'
  switch (Math.floor(random() * 6)) {
    case 0:
      delete copy[name]
      return { value: copy, label: `without ${name}` }
    case 1:
      copy[`extra_${Math.floor(random() * 100)}`] = pick(random, [...hostileStrings, ...hostileNumbers])
      return { value: copy, label: 'extra field' }
    case 2:
      copy[name] = pick(random, wrongTypes)
      return { value: copy, label: `${name} of another type` }
    case 3:
      copy[name] = pick(random, hostileStrings)
      return { value: copy, label: `${name} hostile text` }
    case 4:
      copy[name] = pick(random, hostileNumbers)
      return { value: copy, label: `${name} out-of-range number` }
    default:
      return { value: copy, label: 'as sampled' }
  }
}

/** Bodies no JSON reader accepts, or that are not JSON at all. */
export const malformedBodies: readonly { contentType: string; body: string }[] = [
  { contentType: 'application/json', body: '{"unterminated": ' },
  { contentType: 'application/json', body: '{"amount": NaN}' },
  { contentType: 'application/json', body: '{"a": 1e999999}' },
  { contentType: 'application/json', body: '\u0000' },
  { contentType: 'application/json', body: '' },
  {
    contentType: 'application/json',
    body: '[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]',
  },
  { contentType: 'text/plain', body: 'hello' },
  { contentType: 'application/x-www-form-urlencoded', body: 'a=1&b=%%' },
  { contentType: 'multipart/form-data; boundary=x', body: '--x\r\nbroken' },
  { contentType: 'application/xml', body: '<a/>' },
]

/** A value for a path parameter: sometimes plausible, mostly not. */
export function pathValue(random: Random): string {
  return encodeURIComponent(
    pick(random, [
      '1',
      '999999',
      '0',
      '-5',
      'abc',
      '1.5',
      '1e3',
      'x'.repeat(5000),
      '\u0000',
      '🙂',
      ' ',
      '..',
      '9'.repeat(40),
    ]),
  )
}

/** A query string of the schema's names with plausible or hostile values. */
export function queryString(schema: JsonSchema | null, random: Random): string {
  const names = Object.keys(schema?.properties ?? {})
  if (names.length === 0 && random() < 0.5) return ''
  const params = new URLSearchParams()
  for (const name of names.length > 0 ? names : ['limit', 'cursor', 'q']) {
    if (random() < 0.6) continue
    const property = schema?.properties?.[name]
    const plausible = property ? String(sample(property, random)) : '1'
    params.set(
      name,
      random() < 0.4
        ? plausible
        : String(
            pick(random, [...hostileStrings.slice(0, 3), ...hostileStrings.slice(3), ...hostileNumbers]),
          ),
    )
  }
  const text = params.toString()
  return text === '' ? '' : `?${text}`
}
