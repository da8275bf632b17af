// Cryptomus and Heleket sign a webhook in PHP: the receiver is told to json_decode the body into an array,
// unset 'sign', and compare md5(base64_encode(json_encode($data, JSON_UNESCAPED_UNICODE)) . $apiKey).
// To reproduce that string in Node we must redo what PHP does, not what JSON.stringify does:
// - keys keep their order, including integer-like keys (JS objects would move them first), hence Map;
// - integer literals stay as written, other numbers go through PHP's float printing (serialize_precision -1);
// - an object whose keys are exactly "0".."n-1" (or none) becomes a PHP list, and is written back as [...];
// - strings escape '/' as '\/', control characters as \u00xx, and, unless unicode is left unescaped,
//   every non-ASCII character as \uxxxx; U+2028 and U+2029 are escaped either way.

export class PhpNumber {
  constructor(readonly source: string) {}
}
export type PhpJsonValue = null | boolean | string | PhpNumber | PhpJsonValue[] | Map<string, PhpJsonValue>

export class PhpJsonSyntaxError extends Error {
  override readonly name = 'PhpJsonSyntaxError'
}

// PHP's json_decode refuses nesting deeper than 512 by default.
const maximumDepth = 512

const simpleEscapes = new Map([
  ['"', '"'],
  ['\\', '\\'],
  ['/', '/'],
  ['b', '\b'],
  ['f', '\f'],
  ['n', '\n'],
  ['r', '\r'],
  ['t', '\t'],
])

/** Parses strict JSON (RFC 8259) the way PHP's json_decode($text, true) sees it. */
export function parsePhpJson(text: string): PhpJsonValue {
  let position = 0

  const fail = (what: string): never => {
    throw new PhpJsonSyntaxError(`${what} at position ${position}`)
  }
  const skipWhitespace = () => {
    while (position < text.length && ' \t\n\r'.includes(text.charAt(position))) position += 1
  }
  const expectLiteral = (literal: string) => {
    if (text.startsWith(literal, position)) position += literal.length
    else fail(`Unexpected character '${text.charAt(position)}'`)
  }

  const parseString = (): string => {
    position += 1 // opening quote
    let result = ''
    for (;;) {
      if (position >= text.length) fail('Unterminated string')
      const character = text.charAt(position)
      if (character === '"') {
        position += 1
        return result
      }
      if (character < ' ') fail('Control character in string')
      if (character !== '\\') {
        result += character
        position += 1
        continue
      }
      const escape = text.charAt(position + 1)
      position += 2
      const replacement = simpleEscapes.get(escape)
      if (replacement !== undefined) {
        result += replacement
        continue
      }
      if (escape !== 'u') fail(`Invalid escape '\\${escape}'`)
      const readCodeUnit = (): number => {
        const hex = text.slice(position, position + 4)
        if (!/^[0-9a-fA-F]{4}$/.test(hex)) fail('Invalid \\u escape')
        position += 4
        return Number.parseInt(hex, 16)
      }
      const unit = readCodeUnit()
      if (unit >= 0xd800 && unit <= 0xdbff) {
        // PHP rejects a lone surrogate (JSON_ERROR_UTF16); a high one must be followed by an escaped low one.
        if (!text.startsWith('\\u', position)) fail('Single unpaired UTF-16 surrogate')
        position += 2
        const low = readCodeUnit()
        if (low < 0xdc00 || low > 0xdfff) fail('Single unpaired UTF-16 surrogate')
        result += String.fromCharCode(unit, low)
      } else if (unit >= 0xdc00 && unit <= 0xdfff) {
        fail('Single unpaired UTF-16 surrogate')
      } else {
        result += String.fromCharCode(unit)
      }
    }
  }

  const parseNumber = (): PhpNumber => {
    const match = /^-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?/.exec(text.slice(position))
    if (!match) return fail('Invalid number')
    position += match[0].length
    return new PhpNumber(match[0])
  }

  const parseValue = (depth: number): PhpJsonValue => {
    if (depth > maximumDepth) fail('Maximum nesting depth exceeded')
    skipWhitespace()
    const character = text.charAt(position)
    if (character === '{') {
      position += 1
      const object = new Map<string, PhpJsonValue>()
      skipWhitespace()
      if (text.charAt(position) === '}') {
        position += 1
        return object
      }
      for (;;) {
        skipWhitespace()
        if (text.charAt(position) !== '"') fail('Expected a key')
        const key = parseString()
        skipWhitespace()
        if (text.charAt(position) !== ':') fail("Expected ':'")
        position += 1
        // A repeated key overwrites the value but keeps its first place, as a PHP array does.
        object.set(key, parseValue(depth + 1))
        skipWhitespace()
        const separator = text.charAt(position)
        position += 1
        if (separator === '}') return object
        if (separator !== ',') fail("Expected ',' or '}'")
      }
    }
    if (character === '[') {
      position += 1
      const list: PhpJsonValue[] = []
      skipWhitespace()
      if (text.charAt(position) === ']') {
        position += 1
        return list
      }
      for (;;) {
        list.push(parseValue(depth + 1))
        skipWhitespace()
        const separator = text.charAt(position)
        position += 1
        if (separator === ']') return list
        if (separator !== ',') fail("Expected ',' or ']'")
      }
    }
    if (character === '"') return parseString()
    if (character === 't') {
      expectLiteral('true')
      return true
    }
    if (character === 'f') {
      expectLiteral('false')
      return false
    }
    if (character === 'n') {
      expectLiteral('null')
      return null
    }
    return parseNumber()
  }

  const value = parseValue(1)
  skipWhitespace()
  if (position !== text.length) fail('Unexpected data after the JSON value')
  return value
}

// ---- encoding ----

const int64Minimum = -(2n ** 63n)
const int64Maximum = 2n ** 63n - 1n

/** PHP's php_gcvt(value, 17, '.', 'e') in mode 0, which json_encode uses with serialize_precision = -1. */
function phpFloatText(value: number): string {
  if (value === 0) return Object.is(value, -0) ? '-0' : '0'
  const sign = value < 0 ? '-' : ''
  // toExponential() without an argument gives the shortest round-trip digits, as zend_dtoa mode 0 does.
  const [mantissa = '', exponentText = '0'] = Math.abs(value).toExponential().split('e')
  const digits = mantissa.replace('.', '')
  const decimalPoint = Number(exponentText) + 1
  if (decimalPoint < -3 || decimalPoint > 17) {
    const exponent = decimalPoint - 1
    const fraction = digits.length > 1 ? digits.slice(1) : '0'
    return `${sign}${digits.charAt(0)}.${fraction}e${exponent < 0 ? '-' : '+'}${Math.abs(exponent)}`
  }
  if (decimalPoint <= 0) return `${sign}0.${'0'.repeat(-decimalPoint)}${digits}`
  if (digits.length <= decimalPoint) return sign + digits + '0'.repeat(decimalPoint - digits.length)
  return `${sign}${digits.slice(0, decimalPoint)}.${digits.slice(decimalPoint)}`
}

function phpNumberText(number: PhpNumber): string {
  const { source } = number
  if (/^-?\d+$/.test(source)) {
    const integer = BigInt(source)
    // Within PHP's int range the integer is kept (so "-0" becomes 0); beyond it PHP falls back to a float.
    if (integer >= int64Minimum && integer <= int64Maximum) return integer.toString()
  }
  const value = Number(source)
  if (!Number.isFinite(value)) throw new PhpJsonSyntaxError(`Number out of range: ${source}`)
  return phpFloatText(value)
}

function hexEscape(codeUnit: number): string {
  return `\\u${codeUnit.toString(16).padStart(4, '0')}`
}

function phpStringText(value: string, escapeUnicode: boolean): string {
  let result = '"'
  for (let index = 0; index < value.length; index += 1) {
    const codeUnit = value.charCodeAt(index)
    const character = value.charAt(index)
    if (character === '"') result += '\\"'
    else if (character === '\\') result += '\\\\'
    else if (character === '/') result += '\\/'
    else if (character === '\b') result += '\\b'
    else if (character === '\f') result += '\\f'
    else if (character === '\n') result += '\\n'
    else if (character === '\r') result += '\\r'
    else if (character === '\t') result += '\\t'
    else if (codeUnit < 0x20) result += hexEscape(codeUnit)
    else if (codeUnit < 0x80) result += character
    else if (escapeUnicode || codeUnit === 0x2028 || codeUnit === 0x2029) result += hexEscape(codeUnit)
    else result += character
  }
  return `${result}"`
}

function isPhpList(object: Map<string, PhpJsonValue>): boolean {
  let index = 0
  for (const key of object.keys()) {
    if (key !== String(index)) return false
    index += 1
  }
  return true
}

export interface PhpJsonEncodeOptions {
  /** false: JSON_UNESCAPED_UNICODE (what the webhook docs use); true: PHP's default \uxxxx escaping. */
  escapeUnicode: boolean
}

/** json_encode($value, $flags) for a value from parsePhpJson; slashes are always escaped, as PHP's default. */
export function encodePhpJson(value: PhpJsonValue, options: PhpJsonEncodeOptions): string {
  if (value === null) return 'null'
  if (value === true) return 'true'
  if (value === false) return 'false'
  if (typeof value === 'string') return phpStringText(value, options.escapeUnicode)
  if (value instanceof PhpNumber) return phpNumberText(value)
  if (Array.isArray(value)) return `[${value.map((item) => encodePhpJson(item, options)).join(',')}]`
  if (isPhpList(value)) {
    return `[${[...value.values()].map((item) => encodePhpJson(item, options)).join(',')}]`
  }
  const members = [...value].map(
    ([key, item]) => `${phpStringText(key, options.escapeUnicode)}:${encodePhpJson(item, options)}`,
  )
  return `{${members.join(',')}}`
}
