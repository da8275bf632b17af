// Pieces the three order forms share (new order, mass order queue, subscription): the service select's
// options, the quantity as typed, and how a form asks the page for AI settings.

import { parseQuantity, Quantity, serviceDisplayName, type Service } from '@engage/contract'
import type { SelectOption } from '@engage/ui'
import * as z from 'zod'

/** The Action Type options: one per service, named as the spec displays them ('AI COMMENTS'). */
export function serviceOptions(services: readonly Service[]): SelectOption[] {
  return services.map((service) => ({
    id: service.serviceName,
    label: serviceDisplayName(service.serviceName),
  }))
}

/**
 * A quantity input's text, parsed as a whole number and checked against the contract's 1..10,000 rule;
 * anything else gives the contract's quantity message.
 */
export const QuantityText = z
  .string()
  .transform((text) => parseQuantity(text))
  .pipe(Quantity)

/** The quantity a live total counts while the user types: the whole number typed, else 0. */
export function typedQuantity(text: string | undefined): number {
  return parseQuantity(text ?? '') ?? 0
}

/**
 * A form's request to let the user pick AI settings (any number of them) for what it is about to order. The page
 * shows its picker with `selectedIds` ticked and calls `onApply` with the ids the user chose.
 */
export interface AiSettingsChoiceRequest {
  selectedIds: readonly string[]
  onApply: (ids: string[]) => void
}
