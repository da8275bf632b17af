import { describe, expect, it } from 'vitest'
import { mapUpstreamStatus } from '../../src/adapters/smm'

describe('mapUpstreamStatus', () => {
  it.each([
    ['Pending', 'processing'],
    ['In progress', 'processing'],
    ['In Progress', 'processing'],
    ['Processing', 'processing'],
    ['Completed', 'completed'],
    ['Partial', 'partial'],
    ['Canceled', 'cancelled'],
    ['Cancelled', 'cancelled'],
    [' completed ', 'completed'],
    ['in  progress', 'processing'],
    // Words we do not know map to nothing: the order is held for an operator rather than moved on a guess.
    ['Refunded', undefined],
    ['Fail', undefined],
    ['Error', undefined],
    ['', undefined],
  ])('maps the upstream word %j to our status %j', (word, expected) => {
    expect(mapUpstreamStatus(word)).toBe(expected)
  })
})
