import { randomBytes } from 'node:crypto'
import { SUPPORT_HOURS, usdToMicros } from '@engage/contract'
import type { Db } from './db/connect'
import { hashPassword } from './crypto/passwords'
import { createAccount, EmailTakenError, findUserByEmail } from './domain/accounts'
import { credit } from './domain/ledger'
import { invalidatePanelContent } from './domain/panel-content'
import { invalidateServicesCache } from './domain/services'

// First-start data. Idempotent: run at every start, it adds only what is missing.
// - Always: the service catalogue, the Updates tab and the Contact Us methods
// - With DEMO on (the default outside production): an operator account and a demo customer with a $50
//   opening balance (a ledger entry), whose random passwords are printed once, when they are created.

export interface SeedService {
  name: string
  category: string
  description: string
  /** USD per 1,000 units; stored as micro-USD. */
  ratePer1kUsd: number
  isAi: boolean
  refill: boolean
  cancel: boolean
}

/** Rates in the range real SMM panels charge (per 1,000 units). */
export const SEED_SERVICES: readonly SeedService[] = [
  {
    name: 'followers',
    category: 'Twitter (X)',
    description: 'Followers for a profile, delivered gradually over 1 to 3 days.',
    ratePer1kUsd: 2.4,
    isAi: false,
    refill: false,
    cancel: true,
  },
  {
    name: 'likes',
    category: 'Twitter (X)',
    description: 'Likes on a post, starting within hours.',
    ratePer1kUsd: 0.9,
    isAi: false,
    refill: false,
    cancel: true,
  },
  {
    name: 'views',
    category: 'Twitter (X)',
    description: 'Views on a post or video, fast delivery.',
    ratePer1kUsd: 0.12,
    isAi: false,
    refill: false,
    cancel: true,
  },
  {
    name: 'retweets',
    category: 'Twitter (X)',
    description: 'Reposts of a post from active accounts.',
    ratePer1kUsd: 3.2,
    isAi: false,
    refill: false,
    cancel: true,
  },
  {
    name: 'follows',
    category: 'Twitter (X)',
    description: 'Accounts following the target, in small daily batches.',
    ratePer1kUsd: 2.8,
    isAi: false,
    refill: false,
    cancel: true,
  },
  {
    name: 'ai_comments',
    category: 'AI engagement',
    description: 'Replies written by AI with your settings, posted under the target post.',
    ratePer1kUsd: 45,
    isAi: true,
    refill: false,
    cancel: true,
  },
  {
    name: 'ai_tweets',
    category: 'AI engagement',
    description: 'Tweets written by AI with your settings, quoting or mentioning the target.',
    ratePer1kUsd: 60,
    isAi: true,
    refill: false,
    cancel: true,
  },
  {
    name: 'premium_followers',
    category: 'Twitter (X)',
    description: 'High-quality followers with profile pictures and history, 30-day refill.',
    ratePer1kUsd: 6.5,
    isAi: false,
    refill: true,
    cancel: false,
  },
]

const DAY_MS = 24 * 60 * 60 * 1000

function seedUpdates(now: number) {
  return [
    {
      icon: 'sparkles',
      title: 'AI tweets are here',
      text: 'Order tweets written by AI with your own prompts and provider keys, from the AI Settings tab.',
      url: null,
      date_at: now - 2 * DAY_MS,
    },
    {
      icon: 'bell',
      title: 'Subscriptions renew every minute to every month',
      text: 'Keep a profile growing with a subscription: pick a renewal period and a quantity per period.',
      url: null,
      date_at: now - 9 * DAY_MS,
    },
    {
      icon: 'gift',
      title: 'Crypto deposits with 50+ coins',
      text: 'Fund your wallet with BTC, ETH, USDT and more; the balance updates after confirmation.',
      url: 'https://cryptomus.com/',
      date_at: now - 20 * DAY_MS,
    },
  ]
}

const SEED_CONTACT_METHODS = [
  {
    icon: 'chat',
    title: 'Support bot',
    value: '@EngageSupportBot',
    text: 'Chat with our support bot, any time',
    url: 'https://t.me/EngageSupportBot',
    sort_order: 1,
  },
  {
    icon: 'mail',
    title: 'Support e-mail',
    value: 'support@engage-panel.example',
    text: SUPPORT_HOURS,
    url: 'mailto:support@engage-panel.example',
    sort_order: 2,
  },
  {
    icon: 'wallet',
    title: 'Crypto payment support',
    value: 'Cryptomus support',
    text: 'Questions about a crypto deposit',
    url: 'https://cryptomus.com/contacts',
    sort_order: 3,
  },
]

export const DEMO_OPERATOR_EMAIL = 'operator@engage-panel.test'
export const DEMO_CUSTOMER_EMAIL = 'demo@engage-panel.test'
export const DEMO_OPENING_BALANCE_USD = 50

export interface CreatedAccount {
  email: string
  password: string
  role: 'admin' | 'customer'
}

export interface SeedResult {
  servicesAdded: number
  /** Accounts created by this run, with their one-time passwords (empty once they exist). */
  accounts: CreatedAccount[]
}

/** A random password that is easy to copy from a terminal: 18 base64url characters (108 bits). */
export function generatePassword(): string {
  return randomBytes(14).toString('base64url').slice(0, 18)
}

export async function seed(db: Db, options: { demo: boolean; now: number }): Promise<SeedResult> {
  const { now } = options
  const servicesAdded = await db.transaction().execute(async (trx) => {
    const inserted = await trx
      .insertInto('services')
      .values(
        SEED_SERVICES.map((service) => ({
          name: service.name,
          category: service.category,
          description: service.description,
          rate_per_1k: usdToMicros(service.ratePer1kUsd),
          min_quantity: 1,
          max_quantity: 10_000,
          is_ai: service.isAi ? 1 : 0,
          enabled: 1,
          refill: service.refill ? 1 : 0,
          cancel: service.cancel ? 1 : 0,
          provider_id: null,
          remote_service_id: null,
          created_at: now,
          updated_at: now,
        })),
      )
      .onConflict((conflict) => conflict.column('name').doNothing())
      .returning('id')
      .execute()
    const updates = await trx.selectFrom('updates').select('id').limit(1).executeTakeFirst()
    if (!updates) await trx.insertInto('updates').values(seedUpdates(now)).execute()
    const contacts = await trx.selectFrom('contact_methods').select('id').limit(1).executeTakeFirst()
    if (!contacts) await trx.insertInto('contact_methods').values(SEED_CONTACT_METHODS).execute()
    return inserted.length
  })
  if (servicesAdded > 0) invalidateServicesCache(db)
  invalidatePanelContent(db)

  const accounts: CreatedAccount[] = []
  if (options.demo) {
    for (const account of [
      { email: DEMO_OPERATOR_EMAIL, role: 'admin' as const },
      { email: DEMO_CUSTOMER_EMAIL, role: 'customer' as const },
    ]) {
      if (await findUserByEmail(db, account.email)) continue
      const password = generatePassword()
      const passwordHash = await hashPassword(password)
      try {
        await db.transaction().execute(async (trx) => {
          const userId = await createAccount(trx, {
            email: account.email,
            passwordHash,
            now,
            role: account.role,
          })
          if (account.role === 'customer') {
            await credit(trx, {
              userId,
              amount: usdToMicros(DEMO_OPENING_BALANCE_USD),
              kind: 'adjustment',
              reference: 'opening-balance',
              idempotencyKey: `opening-balance:${userId}`,
              note: 'Demo opening balance',
              now,
            })
          }
        })
        accounts.push({ email: account.email, password, role: account.role })
      } catch (error) {
        // Another process created it meanwhile; its run printed the password.
        if (!(error instanceof EmailTakenError)) throw error
      }
    }
  }
  return { servicesAdded, accounts }
}
