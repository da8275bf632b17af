export const simulatorServiceTypes = ['Default', 'Custom Comments'] as const
export type SimulatorServiceType = (typeof simulatorServiceTypes)[number]

export interface SimulatorService {
  service: number
  name: string
  /** `Custom Comments` services take one text per unit in `comments`. */
  type: SimulatorServiceType
  category: string
  /** Price per 1,000 units in micro-USD (the wire shows it as a USD decimal string). */
  ratePer1000Micros: number
  min: number
  max: number
  refill: boolean
  cancel: boolean
}

/**
 * What the simulated provider sells, priced like a mid-range reseller panel. Minimums are kept low so demo
 * orders of a few units go through. Tweets are a Custom Comments service too: the provider posts the texts it
 * is given (that is where AI-written tweets go), one per unit.
 */
export const simulatorServices: readonly SimulatorService[] = [
  {
    service: 1,
    name: 'X Followers [Real Mixed] [Refill 30D]',
    type: 'Default',
    category: 'X (Twitter) Followers',
    ratePer1000Micros: 1_200_000,
    min: 10,
    max: 50_000,
    refill: true,
    cancel: true,
  },
  {
    service: 2,
    name: 'X Likes [Instant Start]',
    type: 'Default',
    category: 'X (Twitter) Likes',
    ratePer1000Micros: 450_000,
    min: 10,
    max: 20_000,
    refill: false,
    cancel: true,
  },
  {
    service: 3,
    name: 'X Views [Fast]',
    type: 'Default',
    category: 'X (Twitter) Views',
    ratePer1000Micros: 20_000,
    min: 100,
    max: 1_000_000,
    refill: false,
    cancel: false,
  },
  {
    service: 4,
    name: 'X Retweets [HQ]',
    type: 'Default',
    category: 'X (Twitter) Retweets',
    ratePer1000Micros: 900_000,
    min: 10,
    max: 10_000,
    refill: true,
    cancel: true,
  },
  {
    service: 5,
    name: 'X Follows [Real Accounts]',
    type: 'Default',
    category: 'X (Twitter) Follows',
    ratePer1000Micros: 1_500_000,
    min: 10,
    max: 5_000,
    refill: false,
    cancel: true,
  },
  {
    service: 6,
    name: 'X Custom Comments [English]',
    type: 'Custom Comments',
    category: 'X (Twitter) Comments',
    ratePer1000Micros: 12_000_000,
    min: 1,
    max: 1_000,
    refill: false,
    cancel: false,
  },
  {
    service: 7,
    name: 'X Custom Tweets',
    type: 'Custom Comments',
    category: 'X (Twitter) Tweets',
    ratePer1000Micros: 15_000_000,
    min: 1,
    max: 500,
    refill: false,
    cancel: false,
  },
  {
    service: 8,
    name: 'X Premium Followers [Verified] [Refill 90D]',
    type: 'Default',
    category: 'X (Twitter) Followers',
    ratePer1000Micros: 4_800_000,
    min: 10,
    max: 10_000,
    refill: true,
    cancel: true,
  },
]
