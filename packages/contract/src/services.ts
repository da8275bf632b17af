// Service names and pricing

import { formatMicros } from './money'
import { chargeMicrosForUnitRate } from './orders'

/** AI-only services: an order for these may carry an AI setting. */
export const AI_SERVICE_TYPES = ['ai_comments', 'ai_tweets'] as const

export interface Service {
  serviceName: string
  /** Price per unit in USD. */
  rate: number
}

/** 'ai_comments' → 'AI COMMENTS' (underscores → spaces, upper-cased) for selects and lists. */
export function serviceDisplayName(serviceName: string): string {
  return serviceName.replaceAll('_', ' ').toUpperCase()
}

/** 'premium_followers' → 'Premium Followers' for the pricing grid. */
export function serviceTitleCase(serviceName: string): string {
  return serviceName
    .split(/[_\s]+/)
    .filter((word) => word !== '')
    .map((word) => word.charAt(0).toUpperCase() + word.slice(1).toLowerCase())
    .join(' ')
}

/** ai_comments and ai_tweets support an AI setting with a single order. */
export function isAiService(serviceName: string): boolean {
  return (AI_SERVICE_TYPES as readonly string[]).includes(serviceName)
}

/** A service whose name contains 'ai' is marked AI enhanced (and gets custom AI settings on pricing). */
export function isAiEnhanced(serviceName: string): boolean {
  return serviceName.toLowerCase().includes('ai')
}

/** A service whose name contains 'premium' gets the Most Popular badge. */
export function isPremium(serviceName: string): boolean {
  return serviceName.toLowerCase().includes('premium')
}

/** The answer of GET /api/get-services (name → USD per unit) as a list in the server's order. */
export function servicesFromRates(rates: Readonly<Record<string, number>>): Service[] {
  return Object.entries(rates).map(([serviceName, rate]) => ({ serviceName, rate }))
}

/** A list of services back to the name → rate map the totals use. */
export function ratesFromServices(services: readonly Service[]): Record<string, number> {
  return Object.fromEntries(services.map((service) => [service.serviceName, service.rate]))
}

/** The pricing grid's price per 1,000 units: '$1.20'. */
export function formatPricePer1k(rateUsdPerUnit: number): string {
  return formatMicros(chargeMicrosForUnitRate(rateUsdPerUnit, 1000), 2)
}

/**
 * The features on a pricing card. The support line promises the hours the operator lists with the support
 * mailbox (the Contact Us methods), never more than the panel keeps; without any, the card promises no support.
 */
export function pricingFeatures(serviceName: string, supportHours: string | null): readonly string[] {
  return [
    'Real-time analytics dashboard',
    ...(supportHours ? [`Support ${supportHours}`] : []),
    'AI-powered optimization',
    isAiEnhanced(serviceName) ? 'Custom AI settings' : 'Standard settings',
    'API access',
  ]
}
