// Deposit rules

import { usdToMicros } from './money'
import {
  AMOUNT_REQUIRED,
  DEPOSIT_STEP_MESSAGE,
  MAXIMUM_DEPOSIT_MESSAGE,
  MINIMUM_DEPOSIT_MESSAGE,
} from './messages'

export const DEPOSIT_MIN_USD = 5
export const DEPOSIT_MAX_USD = 10_000
export const DEPOSIT_STEP_USD = 0.01
export const DEPOSIT_DEFAULT_USD = 10
export const DEPOSIT_CURRENCY = 'USD'

/** True when the amount has at most two decimals (a whole number of cents). */
export function isWholeCents(amountUsd: number): boolean {
  if (!Number.isFinite(amountUsd) || Math.abs(amountUsd) > MAX_CHECKABLE_USD) return false
  return usdToMicros(amountUsd) % 10_000 === 0
}

/** Beyond this, micro-USD leave the safe integers: such an amount is refused, never converted. */
const MAX_CHECKABLE_USD = Number.MAX_SAFE_INTEGER / 1_000_000 - 1

/** The deposit field's message, or null when the amount is valid. Accepts the input's text or a number. */
export function depositAmountError(value: unknown): string | null {
  if (value === null || value === undefined) return AMOUNT_REQUIRED
  const text = typeof value === 'string' ? value.trim() : value
  if (text === '') return AMOUNT_REQUIRED
  const amount = typeof text === 'number' ? text : Number(text)
  if (typeof amount !== 'number' || !Number.isFinite(amount)) return AMOUNT_REQUIRED
  if (amount < DEPOSIT_MIN_USD) return MINIMUM_DEPOSIT_MESSAGE
  if (amount > DEPOSIT_MAX_USD) return MAXIMUM_DEPOSIT_MESSAGE
  if (!isWholeCents(amount)) return DEPOSIT_STEP_MESSAGE
  return null
}
