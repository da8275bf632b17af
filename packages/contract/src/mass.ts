// Mass order total and the queue defaults

import { microsToUsd } from './money'
import { chargeMicrosForUnitRate } from './orders'

export const DEFAULT_MASS_ITEM_TYPE = 'likes'
export const MASS_ORDER_MAX_ITEMS = 100

export interface MassTotalItem {
  type: string
  quantity: number
}

/** Sum of quantity × rate per item type in micro-USD (each item rounded up); an unknown rate counts 0. */
export function massTotalMicros(
  items: readonly MassTotalItem[],
  rates: Readonly<Record<string, number>>,
): number {
  return items.reduce((total, item) => {
    const rate = rates[item.type]
    if (rate === undefined || !Number.isSafeInteger(item.quantity) || item.quantity <= 0) return total
    return total + chargeMicrosForUnitRate(rate, item.quantity)
  }, 0)
}

export function massTotal(items: readonly MassTotalItem[], rates: Readonly<Record<string, number>>): number {
  return microsToUsd(massTotalMicros(items, rates))
}

/** A queued item can be added only with a quantity above 0 and a url. */
export function canAddMassItem(quantity: number, url: string): boolean {
  return Number.isFinite(quantity) && quantity > 0 && url.trim() !== ''
}
