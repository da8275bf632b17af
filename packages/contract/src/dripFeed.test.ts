import { describe, expect, it } from 'vitest'
import { dripFeedRunLabel, dripFeedTotalText, isDripFeedInterval, isDripFeedRuns } from './dripFeed'

describe('drip-feed', () => {
  it('takes 2 to 100 runs and 1 to 1440 minutes, whole numbers only', () => {
    expect([1, 2, 100, 101, 2.5].map(isDripFeedRuns)).toEqual([false, true, true, false, false])
    expect([0, 1, 1440, 1441, 1.5].map(isDripFeedInterval)).toEqual([false, true, true, false, false])
  })

  it('names the run under way, the first one before any was sent', () => {
    expect(dripFeedRunLabel({ run: 0, runs: 5 })).toBe('Run 1 of 5')
    expect(dripFeedRunLabel({ run: 3, runs: 5 })).toBe('Run 3 of 5')
  })

  it('says what the runs deliver in all', () => {
    expect(dripFeedTotalText(5, 100)).toBe('5 runs × 100 = 500 in all')
    expect(dripFeedTotalText(20, 1000)).toBe('20 runs × 1,000 = 20,000 in all')
  })
})
