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
    // Words we do not know keep the order active and polled rather than moving money.
    ['Refunded', 'processing'],
    ['', 'processing'],
  ])('maps the upstream word %j to our status %j', (word, expected) => {
    expect(mapUpstreamStatus(word)).toBe(expected)
  })
})
