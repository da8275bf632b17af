// Pieces the three order forms share (new order, mass order queue, subscription): the service select's
// options, the quantity as typed, and how a form asks the page for AI settings.

import {
  DEFAULT_QUANTITY_LIMITS,
  parseQuantity,
  quantityError,
  serviceDisplayName,
  type QuantityLimits,
  type Service,
} from '@engage/contract'
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
 * A quantity input's text checked against a service's limits: a fraction is told to be whole, anything else
 * outside the range gets the range message with the service's own numbers; parsed as a whole number once valid.
 */
export function quantityTextWithin(limits: QuantityLimits) {
  return z
    .string()
    .superRefine((text, context) => {
      const message = quantityError(text, limits)
      if (message !== null) context.addIssue({ code: 'custom', message })
    })
    .transform((text) => parseQuantity(text) ?? 0)
}

/** The limits of the chosen service: its own once the list has them, else the rule of every order. */
export function limitsOf(
  limits: Readonly<Record<string, QuantityLimits>> | undefined,
  serviceType: string | null | undefined,
): QuantityLimits {
  return (serviceType ? limits?.[serviceType] : undefined) ?? DEFAULT_QUANTITY_LIMITS
}

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
