/** The time source of every rule that depends on "now" (expiry, rate limits); tests pass a controllable one. */
export interface Clock {
  /** Epoch milliseconds. */
  now(): number
}

export const systemClock: Clock = { now: () => Date.now() }
