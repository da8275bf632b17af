import type { ComponentType } from 'react'
import type { Control } from 'react-hook-form'
import {
  DRIP_FEED_INTERVAL_MESSAGE,
  DRIP_FEED_RUNS_MESSAGE,
  dripFeedTotalText,
  isDripFeedInterval,
  isDripFeedRuns,
  parseQuantity,
} from '@engage/contract'
import { FormCheckbox, FormTextField, Stack, Text } from '@engage/ui'
import type { DripFeedCheck, OrderFormInput } from './OrderFormSchema'

/** A Runs or Interval text that is a whole number the rule takes. */
function holds(text: string, isValid: (value: number) => boolean): boolean {
  const value = parseQuantity(text)
  return value !== null && isValid(value)
}

/** The contract's limits on Runs and Interval, each message by its field. */
const checkDripFeed: DripFeedCheck = ({ runs, interval }) => ({
  ...(holds(runs, isDripFeedRuns) ? {} : { runs: DRIP_FEED_RUNS_MESSAGE }),
  ...(holds(interval, isDripFeedInterval) ? {} : { interval: DRIP_FEED_INTERVAL_MESSAGE }),
})

export interface DripFeedFieldsProps {
  control: Control<OrderFormInput>
  /** Whether the Drip-feed box is ticked. */
  isOn: boolean
  runs: number
  /** Each run's units. */
  quantity: number
}

/**
 * The order form's Drip-feed choice: ticked, the quantity goes `Runs` times, one run every `Interval` minutes,
 * and the form says how many units that makes in all.
 */
export function DripFeedFields({ control, isOn, runs, quantity }: DripFeedFieldsProps) {
  return (
    <Stack gap="medium">
      <FormCheckbox control={control} name="dripFeed" description="Spread the order over several runs">
        Drip-feed
      </FormCheckbox>
      {isOn ? (
        <>
          <Stack direction="row" gap="medium" wrap>
            <FormTextField
              control={control}
              name="runs"
              label="Runs"
              inputMode="numeric"
              placeholder="2 to 100"
            />
            <FormTextField
              control={control}
              name="interval"
              label="Interval (minutes)"
              inputMode="numeric"
              placeholder="1 to 1440"
            />
          </Stack>
          <Text size="small" tone="muted" aria-live="polite">
            {dripFeedTotalText(runs, quantity)}
          </Text>
        </>
      ) : null}
    </Stack>
  )
}

/** What a form that offers drip-feed passes to OrderForm: the fields and their check. */
export interface DripFeedPart {
  Fields: ComponentType<DripFeedFieldsProps>
  check: DripFeedCheck
}

export const dripFeedPart: DripFeedPart = { Fields: DripFeedFields, check: checkDripFeed }
