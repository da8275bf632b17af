import { useEffect } from 'react'
import { useController, useForm, useWatch } from 'react-hook-form'
import { zodResolver } from '@hookform/resolvers/zod'
import * as z from 'zod'
import {
  DEFAULT_QUANTITY_PER_PERIOD,
  DEFAULT_RENEWAL_PERIOD,
  DEFAULT_SUBSCRIPTION_ACTION_TYPE,
  DEFAULT_TIMEZONE,
  defaultSubscriptionEndDate,
  defaultSubscriptionStartDate,
  firstPeriodNotCovered,
  formatMicros,
  ORDER_TOTAL_DECIMALS,
  subscriptionCostMicros,
  usdToMicros,
  END_BEFORE_START,
  END_DATE_REQUIRED,
  FAILED_TO_PLACE_ORDER,
  isAiService,
  NO_SERVICES_AVAILABLE,
  quantityHint,
  quantityPlaceholder,
  ratesFromServices,
  RENEWAL_PERIODS,
  RenewalPeriod,
  ServiceType,
  START_DATE_REQUIRED,
  SUBSCRIPTION_CREATED,
  TargetUrl,
  type CreateSubscriptionResponse,
  type QuantityLimits,
  type Timezone,
} from '@engage/contract'
import { useCreateSubscription, useMe, useServiceLimits, useServices } from '@engage/client'
import {
  Button,
  DatePicker,
  Form,
  FormSelect,
  FormTextField,
  Stack,
  Text,
  type DateTimeValue,
} from '@engage/ui'
import { useOrderMessages } from '../OrderForm/OrderFormMessages'
import {
  limitsOf,
  quantityTextWithin,
  serviceOptions,
  typedQuantity,
  type AiSettingsChoiceRequest,
} from '../OrderForm/OrderFormFields'
import { renewalPeriodLabels, SubscriptionSummary } from '../SubscriptionSummary'
import { dateFields } from './SubscriptionForm.css'
import { dateTimeValueOf, instantOf, inTimezone } from './SubscriptionFormDates'

const DateTimeField = z.custom<DateTimeValue | null>()

/** The form's rules, with the quantity per period held to the chosen service's own limits. */
function subscriptionFormSchema(limits: QuantityLimits) {
  return z
    .object({
      actionType: z.string().nullable().pipe(ServiceType),
      renewalPeriod: z.string().nullable().pipe(RenewalPeriod),
      quantityPerPeriod: quantityTextWithin(limits),
      url: TargetUrl,
      startDate: DateTimeField.refine((value) => value !== null, START_DATE_REQUIRED),
      endDate: DateTimeField.refine((value) => value !== null, END_DATE_REQUIRED),
      aiSettings: z.array(z.string()),
    })
    .refine(
      // A missing date is reported by its own field.
      (values) => !values.startDate || !values.endDate || values.endDate.compare(values.startDate) > 0,
      { message: END_BEFORE_START, path: ['endDate'] },
    )
}
type SubscriptionFormInput = z.input<ReturnType<typeof subscriptionFormSchema>>

const renewalPeriodOptions = RENEWAL_PERIODS.map((period) => ({
  id: period,
  label: renewalPeriodLabels[period],
}))

function initialValues(start: Date, timezone: Timezone): SubscriptionFormInput {
  return {
    actionType: DEFAULT_SUBSCRIPTION_ACTION_TYPE,
    renewalPeriod: DEFAULT_RENEWAL_PERIOD,
    quantityPerPeriod: String(DEFAULT_QUANTITY_PER_PERIOD),
    url: '',
    startDate: dateTimeValueOf(start, timezone),
    endDate: dateTimeValueOf(defaultSubscriptionEndDate(start), timezone),
    aiSettings: [],
  }
}

export interface SubscriptionFormProps {
  /** The start the form offers; the end starts 7 days later. @default now */
  defaultStartDate?: Date
  /** When given, an AI Settings button shows for ai_comments and ai_tweets and asks the page's picker. */
  onChooseAiSettings?: (request: AiSettingsChoiceRequest) => void
  /** Called with the new subscription and its initial order. */
  onSubscribed?: (answer: CreateSubscriptionResponse) => void
}

/**
 * The subscription form (the Subscriptions tab): action type, renewal period, quantity per period, target URL,
 * start and end date-time pickers (15-minute steps), Subscribe, and its summary.
 */
export function SubscriptionForm({
  defaultStartDate,
  onChooseAiSettings,
  onSubscribed,
}: SubscriptionFormProps) {
  const services = useServices()
  const serviceLimits = useServiceLimits()
  const createSubscription = useCreateSubscription()
  const messages = useOrderMessages()
  const me = useMe()
  // The pickers show and read times on the customer's clock.
  const timezone = me.data?.settings.timezone ?? DEFAULT_TIMEZONE

  // The schema is chosen at each check from the action type, so a change of service applies its limits.
  const form = useForm<SubscriptionFormInput>({
    resolver: (values, context, options) =>
      zodResolver(subscriptionFormSchema(limitsOf(serviceLimits.data, values.actionType)), undefined, {
        raw: true,
      })(values, context, options),
    defaultValues: initialValues(defaultStartDate ?? defaultSubscriptionStartDate(new Date()), timezone),
  })
  // The profile may arrive after the form began: the chosen instants stay, shown on the profile's clock.
  useEffect(() => {
    for (const name of ['startDate', 'endDate'] as const) {
      const value = form.getValues(name)
      const shown = inTimezone(value, timezone)
      if (shown !== value) form.resetField(name, { defaultValue: shown })
    }
  }, [form, timezone])
  const [actionType, renewalPeriod, quantityText, startDate, endDate, aiSettings] = useWatch({
    control: form.control,
    name: ['actionType', 'renewalPeriod', 'quantityPerPeriod', 'startDate', 'endDate', 'aiSettings'],
  })
  const start = useController({ control: form.control, name: 'startDate' })
  const end = useController({ control: form.control, name: 'endDate' })
  // The end picker says at once when it falls before the start, not only after a submit.
  const endBeforeStart = startDate !== null && endDate !== null && endDate.compare(startDate) <= 0

  const serviceList = services.data ?? []
  const options = serviceOptions(serviceList)
  const rates = ratesFromServices(serviceList)
  const limits = limitsOf(serviceLimits.data, actionType)
  const period = RenewalPeriod.safeParse(renewalPeriod).data ?? DEFAULT_RENEWAL_PERIOD

  // Moving the start past the end moves the end with it, keeping the length of the range.
  const changeStart = (nextStart: DateTimeValue | null) => {
    start.field.onChange(nextStart)
    const currentEnd = form.getValues('endDate')
    if (!nextStart || !currentEnd || currentEnd.compare(nextStart) > 0) return
    const previousStart = startDate ?? nextStart
    const rangeMilliseconds =
      instantOf(currentEnd, timezone).getTime() - instantOf(previousStart, timezone).getTime()
    const nextEnd =
      rangeMilliseconds > 0
        ? new Date(instantOf(nextStart, timezone).getTime() + rangeMilliseconds)
        : defaultSubscriptionEndDate(instantOf(nextStart, timezone))
    form.setValue('endDate', dateTimeValueOf(nextEnd, timezone), {
      shouldValidate: form.formState.isSubmitted,
    })
  }

  const subscribe = async (input: SubscriptionFormInput) => {
    const values = subscriptionFormSchema(limitsOf(serviceLimits.data, input.actionType)).parse(input)
    if (!values.startDate || !values.endDate) return
    // Each period is charged as it starts, the first at once: a balance that cannot pay it is told so beside
    // the quantity that sets the price of a period, before anything is sent.
    const firstPeriodMicros = subscriptionCostMicros(values.quantityPerPeriod, 1, rates[values.actionType])
    if (me.data && usdToMicros(me.data.balance) < firstPeriodMicros) {
      form.setError(
        'quantityPerPeriod',
        { message: firstPeriodNotCovered(formatMicros(firstPeriodMicros, ORDER_TOTAL_DECIMALS)) },
        { shouldFocus: true },
      )
      return
    }
    try {
      const answer = await createSubscription.mutateAsync({
        plan: '',
        renewalPeriod: values.renewalPeriod,
        actionType: values.actionType,
        quantityPerPeriod: values.quantityPerPeriod,
        startDate: instantOf(values.startDate, timezone).toISOString(),
        endDate: instantOf(values.endDate, timezone).toISOString(),
        url: values.url,
        aiSettings: isAiService(values.actionType) ? values.aiSettings : [],
      })
      messages.success(SUBSCRIPTION_CREATED)
      form.reset(initialValues(defaultSubscriptionStartDate(new Date()), timezone))
      onSubscribed?.(answer)
    } catch (error) {
      messages.failure(error, FAILED_TO_PLACE_ORDER)
    }
  }

  return (
    <Stack gap="xlarge">
      <Form onSubmit={form.handleSubmit(subscribe)} aria-label="Subscription">
        <Stack gap="large">
          <FormSelect
            control={form.control}
            name="actionType"
            // Another service has other limits: the quantity is checked again (once the form has been sent).
            rules={{ deps: ['quantityPerPeriod'] }}
            label="Action Type"
            items={options}
            placeholder={
              services.isPending
                ? 'Loading services...'
                : options.length === 0
                  ? NO_SERVICES_AVAILABLE
                  : 'Select an action type'
            }
            isDisabled={options.length === 0}
          />
          <FormSelect
            control={form.control}
            name="renewalPeriod"
            label="Renewal Period"
            items={renewalPeriodOptions}
          />
          <FormTextField
            control={form.control}
            name="quantityPerPeriod"
            label="Quantity per Period"
            inputMode="numeric"
            placeholder={quantityPlaceholder(limits)}
            description={actionType === null ? undefined : quantityHint(limits)}
          />
          <FormTextField
            control={form.control}
            name="url"
            label="Target URL"
            type="url"
            placeholder="https://"
            isRequired
          />
          <div className={dateFields}>
            <DatePicker
              label="Start Date"
              name={start.field.name}
              value={start.field.value}
              onChange={changeStart}
              onBlur={start.field.onBlur}
              isInvalid={start.fieldState.invalid}
              errorMessage={start.fieldState.error?.message}
            />
            <DatePicker
              label="End Date"
              name={end.field.name}
              value={end.field.value}
              onChange={end.field.onChange}
              onBlur={end.field.onBlur}
              minValue={startDate ?? undefined}
              isInvalid={end.fieldState.invalid || endBeforeStart}
              errorMessage={end.fieldState.error?.message ?? (endBeforeStart ? END_BEFORE_START : undefined)}
            />
          </div>
          {actionType !== null && isAiService(actionType) && onChooseAiSettings ? (
            <Stack direction="row" gap="small" alignItems="center" wrap>
              <Button
                tone="secondary"
                onPress={() =>
                  onChooseAiSettings({
                    selectedIds: aiSettings,
                    onApply: (ids) => form.setValue('aiSettings', ids),
                  })
                }
              >
                AI Settings
              </Button>
              <Text size="small" tone="muted">
                {aiSettings.length === 1
                  ? '1 AI setting selected'
                  : `${String(aiSettings.length)} AI settings selected`}
              </Text>
            </Stack>
          ) : null}
          <Button type="submit" isFullWidth isPending={createSubscription.isPending}>
            Subscribe
          </Button>
        </Stack>
      </Form>
      <SubscriptionSummary
        startDate={startDate ? instantOf(startDate, timezone) : null}
        endDate={endDate ? instantOf(endDate, timezone) : null}
        renewalPeriod={period}
        quantityPerPeriod={typedQuantity(quantityText)}
        rateUsdPerUnit={actionType === null ? undefined : rates[actionType]}
      />
    </Stack>
  )
}
