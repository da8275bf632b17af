import { describe, expect, it } from 'vitest'
import { parseMassOrderText, type MassTextService } from './massText'
import {
  MASS_TEXT_EMPTY,
  MASS_TEXT_LINE_FORMAT,
  MASS_TEXT_SERVICE_ID_REQUIRED,
  QUANTITY_WHOLE_NUMBER_MESSAGE,
  VALID_URL_REQUIRED,
} from './messages'

const services: MassTextService[] = [
  { id: '1', name: 'followers', minQuantity: 1, maxQuantity: 10_000 },
  { id: '3', name: 'views', minQuantity: 100, maxQuantity: 10_000 },
  { id: '7', name: 'ai_tweets', minQuantity: 1, maxQuantity: 500 },
]

describe('parseMassOrderText', () => {
  it('reads each line as service_id|link|quantity, skipping blank lines and trimming spaces', () => {
    const text = '1|https://x.com/a|500\n\n   \n 3 | https://x.com/b/status/2 | 250 \r\n7|https://x.com/c|10'
    expect(parseMassOrderText(text, services)).toEqual({
      items: [
        { line: 1, type: 'followers', url: 'https://x.com/a', quantity: 500 },
        { line: 4, type: 'views', url: 'https://x.com/b/status/2', quantity: 250 },
        { line: 5, type: 'ai_tweets', url: 'https://x.com/c', quantity: 10 },
      ],
      errors: [],
    })
  })

  it.each([
    ['too few parts', '1|https://x.com/a', [`Line 1: ${MASS_TEXT_LINE_FORMAT}`]],
    ['too many parts', '1|https://x.com/a|5|9', [`Line 1: ${MASS_TEXT_LINE_FORMAT}`]],
    ['no service id', '|https://x.com/a|5', [`Line 1: ${MASS_TEXT_SERVICE_ID_REQUIRED}`]],
    ['an unknown service id', '42|https://x.com/a|5', ['Line 1: No service has the id 42']],
    [
      'a service name instead of its id',
      'followers|https://x.com/a|5',
      ['Line 1: No service has the id followers'],
    ],
    ['a link without http', '1|x.com/a|5', [`Line 1: ${VALID_URL_REQUIRED}`]],
    ['a link with spaces inside', '1|https://x.com/a b|5', [`Line 1: ${VALID_URL_REQUIRED}`]],
    ['a fraction', '1|https://x.com/a|2.5', [`Line 1: ${QUANTITY_WHOLE_NUMBER_MESSAGE}`]],
    ['no quantity', '1|https://x.com/a|', ['Line 1: Quantity must be between 1 - 10,000']],
    [
      'a quantity below the service minimum',
      '3|https://x.com/a|99',
      ['Line 1: Quantity must be between 100 - 10,000'],
    ],
    [
      'a quantity above the service maximum',
      '7|https://x.com/a|501',
      ['Line 1: Quantity must be between 1 - 500'],
    ],
    [
      'every wrong part of a line',
      '42|nope|abc',
      [
        'Line 1: No service has the id 42',
        `Line 1: ${VALID_URL_REQUIRED}`,
        'Line 1: Quantity must be between 1 - 10,000',
      ],
    ],
  ])('refuses %s', (_case, text, errors) => {
    expect(parseMassOrderText(text, services)).toEqual({ items: [], errors })
  })

  it('numbers the errors by their line in the text and keeps the valid lines', () => {
    const text = '1|https://x.com/a|500\n\n3|https://x.com/b|5\n1|https://x.com/c|50'
    expect(parseMassOrderText(text, services)).toEqual({
      items: [
        { line: 1, type: 'followers', url: 'https://x.com/a', quantity: 500 },
        { line: 4, type: 'followers', url: 'https://x.com/c', quantity: 50 },
      ],
      errors: ['Line 3: Quantity must be between 100 - 10,000'],
    })
  })

  it('refuses a line that repeats the service and link of an earlier one', () => {
    const text = '1|https://x.com/a|500\n3|https://x.com/a|500\n1| https://x.com/a |20'
    expect(parseMassOrderText(text, services).errors).toEqual(['Line 3: Same service and link as line 1'])
  })

  it.each(['', '\n  \n'])('asks for a line when the text %j has none', (text) => {
    expect(parseMassOrderText(text, services)).toEqual({ items: [], errors: [MASS_TEXT_EMPTY] })
  })

  it.each([
    [2, 2, []],
    [3, 2, ['A mass order holds at most 100 items: paste at most 2 more lines']],
  ])('with %i lines and room for %i more items, errors are %j', (lines, room, errors) => {
    const text = Array.from({ length: lines }, (_, index) => `1|https://x.com/${String(index)}|5`).join('\n')
    expect(parseMassOrderText(text, services, room).errors).toEqual(errors)
  })

  it('has room for a whole mass order by default', () => {
    const line = (index: number) => `1|https://x.com/${String(index)}|5`
    const full = Array.from({ length: 100 }, (_, index) => line(index)).join('\n')
    expect(parseMassOrderText(full, services).items).toHaveLength(100)
    expect(parseMassOrderText(`${full}\n${line(100)}`, services).errors[0]).toBe(
      'A mass order holds at most 100 items: paste at most 100 more lines',
    )
  })
})
