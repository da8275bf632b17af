import { useId } from 'react'
import { useForm, useWatch } from 'react-hook-form'
import { zodResolver } from '@hookform/resolvers/zod'
import {
  FAILED_TO_PLACE_ORDER,
  formatOrderTotal,
  isAiEnhanced,
  isAiService,
  NO_SERVICES_AVAILABLE,
  ORDER_PLACED,
  quantityHint,
  quantityPlaceholder,
  ratesFromServices,
  type AiSettingValues,
  type Order,
} from '@engage/contract'
import { isApiError, useCreateOrder, useServiceLimits, useServices } from '@engage/client'
import { Badge, Box, Button, Form, FormSelect, FormTextField, Stack, Text } from '@engage/ui'
import { useOrderMessages } from './OrderFormMessages'
import { orderTotal, orderTotalRow } from './OrderForm.css'
import type { DripFeedPart } from './DripFeedFields'
import { limitsOf, serviceOptions, typedQuantity } from './OrderFormFields'
import { type OrderFormInput, orderFormSchema } from './OrderFormSchema'

/** What a valid order form holds: the spec's form payload (serviceType, url, quantity). */
export interface OrderFormValues {
  serviceType: string
  url: string
  quantity: number
  /** Set when the order is drip-fed: `quantity` then goes every `interval` minutes, `runs` times. */
  dripFeed?: { runs: number; interval: number } | null
}

// A 422 names the API's field; the message goes beside the form's input of the same meaning.
const formFieldOfApiField: Record<string, keyof OrderFormInput> = {
  service_type: 'serviceType',
  target_url: 'url',
  quantity: 'quantity',
  runs: 'runs',
  interval: 'interval',
}

export interface OrderFormProps {
  /** Values to start with (the widget and dashboard deep links prefill service, link and quantity). */
  defaultValues?: { serviceType?: string; url?: string; quantity?: number }
  /** Label of the submit button. @default 'Place Order' */
  submitLabel?: string
  /**
   * The form's accessible name, which makes it a landmark. @default 'New order'. null leaves it unnamed, so not
   * a landmark: the widget's form, which a partner page may show several times.
   */
  formLabel?: string | null
  /**
   * What submitting valid values does. Without it the form places the order (POST /api/orders/create) and
   * reports the result in a toast; the widget passes its own to open the panel instead.
   */
  onSubmit?: (order: OrderFormValues) => void | Promise<void>
  /** Called with the new order after the form placed it. */
  onOrderPlaced?: (order: Order) => void
  /** The AI setting sent with an ai_comments or ai_tweets order (the page's current choice). */
  aiSetting?: AiSettingValues | null
  /** When given, an AI Settings button shows for ai_comments and ai_tweets and calls this. */
  onAiSettingsPress?: () => void
  /**
   * The Drip-feed fields and their check (`dripFeedPart`), given by the forms that offer drip-feed (the
   * panel's). The widget's form places whole orders and leaves it out, so its bundle carries none of their code.
   */
  dripFeed?: DripFeedPart
}

/**
 * The new order form (the New tab): Action Type, Link and Quantity with the contract's messages beside each
 * field, a live Total to 4 decimals, and Place Order.
 */
export function OrderForm({
  defaultValues,
  submitLabel = 'Place Order',
  formLabel = 'New order',
  onSubmit,
  onOrderPlaced,
  aiSetting = null,
  onAiSettingsPress,
  dripFeed: dripFeedOffer,
}: OrderFormProps) {
  const services = useServices()
  const serviceLimits = useServiceLimits()
  const createOrder = useCreateOrder()
  const messages = useOrderMessages()
  const totalLabelId = useId()

  // The resolver checks the raw values (so ui's form fields see one value type); `place` parses them once valid.
  // The schema is chosen at each check from the service the values name, so a change of service applies its limits.
  const form = useForm<OrderFormInput>({
    resolver: (values, context, options) =>
      zodResolver(
        orderFormSchema(limitsOf(serviceLimits.data, values.serviceType), dripFeedOffer?.check),
        undefined,
        {
          raw: true,
        },
      )(values, context, options),
    defaultValues: {
      serviceType: defaultValues?.serviceType ?? null,
      url: defaultValues?.url ?? '',
      quantity: defaultValues?.quantity === undefined ? '' : String(defaultValues.quantity),
      dripFeed: false,
      runs: '',
      interval: '',
    },
  })
  const [serviceType, quantityText, dripFeed, runsText] = useWatch({
    control: form.control,
    name: ['serviceType', 'quantity', 'dripFeed', 'runs'],
  })

  // A failed service list shows the empty message (the failure itself is not the user's concern here).
  const serviceList = services.data ?? []
  const options = serviceOptions(serviceList)
  const rates = ratesFromServices(serviceList)
  const limits = limitsOf(serviceLimits.data, serviceType)
  const showsAiSettings = serviceType !== null && isAiService(serviceType) && onAiSettingsPress !== undefined
  // AI services write texts for one whole order: they are not drip-fed.
  const DripFeedFields = dripFeedOffer?.Fields
  const showsDripFeed = DripFeedFields !== undefined && !(serviceType !== null && isAiService(serviceType))
  const isDripFed = showsDripFeed && dripFeed
  const runs = isDripFed ? typedQuantity(runsText) : 1
  const total = formatOrderTotal(serviceType, rates, typedQuantity(quantityText) * runs)

  const place = async (input: OrderFormInput) => {
    const parsed = orderFormSchema(
      limitsOf(serviceLimits.data, input.serviceType),
      dripFeedOffer?.check,
    ).parse(input)
    const values: OrderFormValues = {
      serviceType: parsed.serviceType,
      url: parsed.url,
      quantity: parsed.quantity,
      ...(isDripFed ? { dripFeed: { runs: Number(parsed.runs), interval: Number(parsed.interval) } } : {}),
    }
    if (onSubmit) {
      await onSubmit(values)
      return
    }
    try {
      const order = await createOrder.mutateAsync({
        service_type: values.serviceType,
        target_url: values.url,
        quantity: values.quantity,
        custom_comment: null,
        // An AI setting goes with a single order only for the services that write texts.
        ai_settings: isAiService(values.serviceType) && aiSetting ? aiSetting : null,
        runs: values.dripFeed?.runs ?? null,
        interval: values.dripFeed?.interval ?? null,
      })
      messages.success(ORDER_PLACED)
      form.reset({
        serviceType: values.serviceType,
        url: '',
        quantity: '',
        dripFeed: false,
        runs: '',
        interval: '',
      })
      onOrderPlaced?.(order)
    } catch (error) {
      messages.failure(error, FAILED_TO_PLACE_ORDER)
      const formField = isApiError(error) && error.field ? formFieldOfApiField[error.field] : undefined
      if (formField && isApiError(error) && error.fieldMessage) {
        form.setError(formField, { message: error.fieldMessage })
      }
    }
  }

  return (
    <Form onSubmit={form.handleSubmit(place)} aria-label={formLabel ?? undefined}>
      <Stack gap="large">
        <FormSelect
          control={form.control}
          name="serviceType"
          // Another service has other limits: the quantity is checked again (once the form has been sent).
          rules={{ deps: ['quantity'] }}
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
          description={
            serviceType !== null && isAiEnhanced(serviceType) ? (
              <Badge tone="info">AI enhanced</Badge>
            ) : undefined
          }
        />
        <FormTextField control={form.control} name="url" label="Link" type="url" placeholder="https://" />
        <FormTextField
          control={form.control}
          name="quantity"
          label="Quantity"
          inputMode="numeric"
          placeholder={quantityPlaceholder(limits)}
          description={
            serviceType === null ? undefined : `${quantityHint(limits)}${isDripFed ? ', each run' : ''}`
          }
        />
        {showsDripFeed && DripFeedFields ? (
          <DripFeedFields
            control={form.control}
            isOn={dripFeed}
            runs={runs}
            quantity={typedQuantity(quantityText)}
          />
        ) : null}
        {showsAiSettings ? (
          <Stack direction="row" gap="small" alignItems="center" wrap>
            <Button tone="secondary" onPress={onAiSettingsPress}>
              AI Settings
            </Button>
            <Text size="small" tone="muted">
              {aiSetting ? `AI setting: ${aiSetting.name}` : 'No AI setting selected'}
            </Text>
          </Stack>
        ) : null}
        <Box className={orderTotalRow}>
          <Text id={totalLabelId} weight="medium">
            Total
          </Text>
          <output aria-labelledby={totalLabelId} className={orderTotal}>
            {total}
          </output>
        </Box>
        <Button type="submit" isFullWidth isPending={createOrder.isPending}>
          {submitLabel}
        </Button>
      </Stack>
    </Form>
  )
}
