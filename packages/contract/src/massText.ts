// A mass order written as text, one order a line: service_id|link|quantity, the format other panels accept.

import { MASS_ORDER_MAX_ITEMS } from './mass'
import {
  MASS_TEXT_EMPTY,
  MASS_TEXT_LINE_FORMAT,
  MASS_TEXT_SERVICE_ID_REQUIRED,
  massTextLineError,
  massTextRepeatedLine,
  massTextTooManyLines,
  massTextUnknownService,
} from './messages'
import { parseQuantity, quantityError } from './orders'
import { TargetUrl } from './schemas/orders'

/**
 * A service a line can name: its id as GET /api/services and API v2 `services` give it ('3' there, 3 here), the
 * name orders carry, and its own quantity limits.
 */
export interface MassTextService {
  id: string
  name: string
  minQuantity: number
  maxQuantity: number
}

/** A valid line, ready for the queue: the service's name, the link and the quantity. */
export interface MassTextItem {
  /** The line's number in the pasted text (blank lines count). */
  line: number
  type: string
  url: string
  quantity: number
}

export interface MassTextResult {
  /** The valid lines in the order written. */
  items: MassTextItem[]
  /** 'Line 3: Valid URL required', in line order; empty when every line is valid. */
  errors: string[]
}

/**
 * Reads pasted lines `service_id|link|quantity`. Blank lines are skipped and spaces around each part trimmed;
 * the link is checked as the order form checks it, the quantity against the service's own limits, and a line
 * repeating an earlier line's service and link is refused (the mass order would refuse it). `room` is how many
 * more items the queue holds.
 */
export function parseMassOrderText(
  text: string,
  services: readonly MassTextService[],
  room: number = MASS_ORDER_MAX_ITEMS,
): MassTextResult {
  const byId = new Map(services.map((service) => [service.id, service]))
  const items: MassTextItem[] = []
  const errors: string[] = []
  const firstLineOf = new Map<string, number>()
  let written = 0

  text.split(/\r\n|\r|\n/).forEach((raw, index) => {
    const line = index + 1
    if (raw.trim() === '') return
    written += 1
    const fail = (message: string) => errors.push(massTextLineError(line, message))
    const parts = raw.split('|').map((part) => part.trim())
    if (parts.length !== 3) {
      fail(MASS_TEXT_LINE_FORMAT)
      return
    }
    const [id = '', link = '', quantityText = ''] = parts
    const service = byId.get(id)
    if (id === '') fail(MASS_TEXT_SERVICE_ID_REQUIRED)
    else if (!service) fail(massTextUnknownService(id))
    const url = TargetUrl.safeParse(link)
    if (!url.success) fail(url.error.issues[0]?.message ?? MASS_TEXT_LINE_FORMAT)
    const limits = service ? { min: service.minQuantity, max: service.maxQuantity } : undefined
    const quantityMessage = quantityError(quantityText, limits)
    if (quantityMessage !== null) fail(quantityMessage)
    if (!service || !url.success || quantityMessage !== null) return

    const key = `${service.id} ${url.data}`
    const first = firstLineOf.get(key)
    if (first !== undefined) {
      fail(massTextRepeatedLine(first))
      return
    }
    firstLineOf.set(key, line)
    items.push({ line, type: service.name, url: url.data, quantity: parseQuantity(quantityText) ?? 0 })
  })

  if (written === 0) errors.push(MASS_TEXT_EMPTY)
  else if (written > room) errors.unshift(massTextTooManyLines(room))
  return { items, errors }
}
