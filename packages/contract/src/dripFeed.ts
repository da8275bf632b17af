// Drip-feed: an order delivered as `runs` runs of `quantity` each, one every `interval` minutes. The limits and
// messages the order form, POST /api/orders/create and API v2 `add` share.

export const DRIP_FEED_RUNS_MIN = 2
export const DRIP_FEED_RUNS_MAX = 100
/** Minutes between two runs: at least one minute, at most a day. */
export const DRIP_FEED_INTERVAL_MIN = 1
export const DRIP_FEED_INTERVAL_MAX = 1440

export const DRIP_FEED_RUNS_MESSAGE = `Runs must be a whole number from ${DRIP_FEED_RUNS_MIN} to ${DRIP_FEED_RUNS_MAX}`
export const DRIP_FEED_INTERVAL_MESSAGE = `Interval must be a whole number of minutes from ${DRIP_FEED_INTERVAL_MIN} to ${DRIP_FEED_INTERVAL_MAX}`
export const DRIP_FEED_NOT_FOR_AI = 'Drip-feed is not available for AI services'

export function isDripFeedRuns(value: number): boolean {
  return Number.isInteger(value) && value >= DRIP_FEED_RUNS_MIN && value <= DRIP_FEED_RUNS_MAX
}

export function isDripFeedInterval(value: number): boolean {
  return Number.isInteger(value) && value >= DRIP_FEED_INTERVAL_MIN && value <= DRIP_FEED_INTERVAL_MAX
}

/** 'Run 2 of 5'; before the first run is sent, 'Run 1 of 5' is the one to come. */
export function dripFeedRunLabel(progress: { run: number; runs: number }): string {
  return `Run ${Math.max(progress.run, 1)} of ${progress.runs}`
}

/** '5 runs × 100 = 500 in all': what a drip-feed order delivers, as the order form shows it. */
export function dripFeedTotalText(runs: number, quantity: number): string {
  const count = (value: number) => value.toLocaleString('en-US')
  return `${count(runs)} runs × ${count(quantity)} = ${count(runs * quantity)} in all`
}
