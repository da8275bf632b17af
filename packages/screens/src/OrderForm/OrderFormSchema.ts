import { type QuantityLimits, ServiceType, TargetUrl } from '@engage/contract'
import * as z from 'zod'
import { quantityTextWithin } from './OrderFormFields'

// The new order form's values and rules.

/** What is wrong with a drip-fed form's Runs and Interval, by field (DripFeedFields.tsx checkDripFeed). */
export type DripFeedCheck = (values: { runs: string; interval: string }) => {
  runs?: string
  interval?: string
}

/**
 * The form's rules, with the quantity held to the chosen service's own limits (each run's, when drip-fed) and,
 * when drip-feed is on, Runs and Interval to `checkDripFeed`'s.
 */
export function orderFormSchema(limits: QuantityLimits, checkDripFeed?: DripFeedCheck) {
  return z
    .object({
      // The select starts empty (null); an empty choice gets the contract's 'Please select an action type'.
      serviceType: z.string().nullable().pipe(ServiceType),
      url: TargetUrl,
      quantity: quantityTextWithin(limits),
      dripFeed: z.boolean(),
      runs: z.string(),
      interval: z.string(),
    })
    .superRefine((values, context) => {
      if (!values.dripFeed || !checkDripFeed) return
      for (const [field, message] of Object.entries(checkDripFeed(values))) {
        context.addIssue({ code: 'custom', path: [field], message })
      }
    })
}
export type OrderFormInput = z.input<ReturnType<typeof orderFormSchema>>
