import { useState } from 'react'
import { useForm, useWatch } from 'react-hook-form'
import { zodResolver } from '@hookform/resolvers/zod'
import * as z from 'zod'
import {
  canAddMassItem,
  DEFAULT_MASS_ITEM_TYPE,
  FAILED_TO_PLACE_ORDER,
  formatMicros,
  isAiService,
  MASS_ORDER_MAX_ITEMS,
  MASS_ORDER_TOO_MANY,
  MASS_ORDERS_PLACED,
  massTotalMicros,
  NO_SERVICES_AVAILABLE,
  ORDER_TOTAL_DECIMALS,
  quantityHint,
  quantityPlaceholder,
  ratesFromServices,
  serviceDisplayName,
  ServiceType,
  TargetUrl,
  TOTAL_USD_AMOUNT,
  type Order,
  type QuantityLimits,
} from '@engage/contract'
import { useCreateMassOrder, useServiceLimits, useServiceListings, useServices } from '@engage/client'
import {
  Box,
  Button,
  Card,
  Form,
  FormSelect,
  FormTextField,
  Radio,
  RadioGroup,
  Stack,
  StatCard,
  Text,
} from '@engage/ui'
import { useOrderMessages } from '../OrderForm/OrderFormMessages'
import {
  limitsOf,
  quantityTextWithin,
  serviceOptions,
  typedQuantity,
  type AiSettingsChoiceRequest,
} from '../OrderForm/OrderFormFields'
import { itemCard, itemList, itemUrl } from './MassOrderQueue.css'
import { itemToEdit, replaceItem, withItemAiSettings, type MassOrderQueueItem } from './MassOrderQueueItems'
import { MassOrderText } from './MassOrderText'

/** An item's rules, with the quantity held to the chosen service's own limits. */
function massItemSchema(limits: QuantityLimits) {
  return z.object({
    type: z.string().nullable().pipe(ServiceType),
    quantity: quantityTextWithin(limits),
    url: TargetUrl,
    aiSettings: z.array(z.string()),
  })
}
type MassItemInput = z.input<ReturnType<typeof massItemSchema>>

// After adding (or saving) the form starts again at likes, no quantity (0) and no url.
const emptyItem: MassItemInput = { type: DEFAULT_MASS_ITEM_TYPE, quantity: '', url: '', aiSettings: [] }

function toInput(item: MassOrderQueueItem): MassItemInput {
  return { type: item.type, quantity: String(item.quantity), url: item.url, aiSettings: item.aiSettings }
}

export interface MassOrderQueueProps {
  /** When given, AI Settings buttons show for ai_comments and ai_tweets items and ask the page's picker. */
  onChooseAiSettings?: (request: AiSettingsChoiceRequest) => void
  /** Called with the new orders after the mass order was placed. */
  onOrdersPlaced?: (orders: Order[]) => void
}

type AddMode = 'form' | 'text'

/**
 * The mass order (the Mass tab): a form that queues services one by one (or pasted lines, many at once), the
 * queued items as cards that can be edited, the Total USD Amount, and Place Mass Order for the whole queue at once.
 */
export function MassOrderQueue({ onChooseAiSettings, onOrdersPlaced }: MassOrderQueueProps) {
  const services = useServices()
  const serviceLimits = useServiceLimits()
  const createMassOrder = useCreateMassOrder()
  const messages = useOrderMessages()
  const [items, setItems] = useState<MassOrderQueueItem[]>([])
  const [editingIndex, setEditingIndex] = useState<number | null>(null)
  const [addMode, setAddMode] = useState<AddMode>('form')
  const [pastedText, setPastedText] = useState('')
  const listings = useServiceListings()

  // The schema is chosen at each check from the item's service, so a change of service applies its limits.
  const form = useForm<MassItemInput>({
    resolver: (values, context, options) =>
      zodResolver(massItemSchema(limitsOf(serviceLimits.data, values.type)), undefined, { raw: true })(
        values,
        context,
        options,
      ),
    defaultValues: emptyItem,
  })
  const [type, quantityText, url, aiSettings] = useWatch({
    control: form.control,
    name: ['type', 'quantity', 'url', 'aiSettings'],
  })

  const serviceList = services.data ?? []
  const options = serviceOptions(serviceList)
  const rates = ratesFromServices(serviceList)
  const isEditing = editingIndex !== null
  const limits = limitsOf(serviceLimits.data, type)
  const isFull = !isEditing && items.length >= MASS_ORDER_MAX_ITEMS
  // Add Another Service (and Save Changes) wait for a quantity and a url.
  const canSubmitItem = canAddMassItem(typedQuantity(quantityText), url) && !isFull
  const total = formatMicros(massTotalMicros(items, rates), ORDER_TOTAL_DECIMALS)

  const resetForm = () => {
    form.reset(emptyItem)
    setEditingIndex(null)
  }

  const toItem = (input: MassItemInput): MassOrderQueueItem => {
    const values = massItemSchema(limitsOf(serviceLimits.data, input.type)).parse(input)
    return { ...values, aiSettings: isAiService(values.type) ? values.aiSettings : [] }
  }

  const addItem = (input: MassItemInput) => {
    setItems((current) => [...current, toItem(input)])
    resetForm()
  }

  const saveChanges = (input: MassItemInput) => {
    if (editingIndex === null) return
    const result = replaceItem(items, editingIndex, toItem(input))
    if (!result.ok) {
      messages.error(result.message)
      return
    }
    setItems(result.value)
    resetForm()
  }

  const editItem = (index: number) => {
    const result = itemToEdit(items, index)
    if (!result.ok) {
      messages.error(result.message)
      return
    }
    form.reset(toInput(result.value))
    setEditingIndex(index)
    setAddMode('form')
  }

  const removeItem = (index: number) => {
    setItems((current) => current.filter((_, position) => position !== index))
    if (editingIndex === index) resetForm()
    else if (editingIndex !== null && editingIndex > index) setEditingIndex(editingIndex - 1)
  }

  const chooseFormAiSettings = () =>
    onChooseAiSettings?.({
      selectedIds: aiSettings,
      onApply: (ids) => form.setValue('aiSettings', ids),
    })

  const chooseItemAiSettings = (index: number) =>
    onChooseAiSettings?.({
      selectedIds: items[index]?.aiSettings ?? [],
      onApply: (ids) => {
        const result = withItemAiSettings(items, index, ids)
        if (!result.ok) {
          messages.error(result.message)
          return
        }
        // The updater applies the change to the newest queue (the picker reports each change of the choice).
        setItems((current) => {
          const latest = withItemAiSettings(current, index, ids)
          return latest.ok ? latest.value : current
        })
      },
    })

  const placeMassOrder = async () => {
    try {
      const answer = await createMassOrder.mutateAsync({
        items: items.map((item) => ({
          type: item.type,
          quantity: item.quantity,
          url: item.url,
          ...(isAiService(item.type) ? { aiSettings: item.aiSettings } : {}),
        })),
      })
      messages.success(MASS_ORDERS_PLACED)
      setItems([])
      resetForm()
      onOrdersPlaced?.(answer.newOrders)
    } catch (error) {
      messages.failure(error, FAILED_TO_PLACE_ORDER)
    }
  }

  const addPastedItems = (pasted: MassOrderQueueItem[]) => setItems((current) => [...current, ...pasted])

  return (
    <Stack gap="xlarge">
      <RadioGroup
        label="Add services"
        orientation="horizontal"
        value={addMode}
        onChange={(value) => setAddMode(value === 'text' ? 'text' : 'form')}
      >
        <Radio value="form">One by one</Radio>
        <Radio value="text">Paste lines</Radio>
      </RadioGroup>

      {addMode === 'text' ? (
        <MassOrderText
          text={pastedText}
          onTextChange={setPastedText}
          services={listings.data}
          room={MASS_ORDER_MAX_ITEMS - items.length}
          onAdd={addPastedItems}
          isDisabled={createMassOrder.isPending}
        />
      ) : (
        <Form onSubmit={form.handleSubmit(isEditing ? saveChanges : addItem)} aria-label="Mass order item">
          <Stack gap="large">
            <FormSelect
              control={form.control}
              name="type"
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
            />
            <FormTextField
              control={form.control}
              name="quantity"
              label="Quantity"
              inputMode="numeric"
              placeholder={quantityPlaceholder(limits)}
              description={type === null ? undefined : quantityHint(limits)}
            />
            <FormTextField control={form.control} name="url" label="URL" type="url" placeholder="https://" />
            {type !== null && isAiService(type) && onChooseAiSettings ? (
              <Stack direction="row" gap="small" alignItems="center" wrap>
                <Button tone="secondary" onPress={chooseFormAiSettings}>
                  AI Settings
                </Button>
                <Text size="small" tone="muted">
                  {aiSettingsCount(aiSettings.length)}
                </Text>
              </Stack>
            ) : null}
            {isEditing ? (
              <Stack direction="row" gap="small" wrap>
                <Button type="submit" isDisabled={!canSubmitItem}>
                  Save Changes
                </Button>
                <Button tone="secondary" onPress={resetForm}>
                  Cancel Editing
                </Button>
              </Stack>
            ) : (
              <Stack gap="xsmall">
                <Button type="submit" tone="secondary" isDisabled={!canSubmitItem}>
                  Add Another Service
                </Button>
                {isFull ? (
                  <Text size="small" tone="muted">
                    {MASS_ORDER_TOO_MANY}
                  </Text>
                ) : null}
              </Stack>
            )}
          </Stack>
        </Form>
      )}

      {items.length > 0 ? (
        <Box as="ul" aria-label="Queued services" className={itemList}>
          {items.map((item, index) => (
            <Card
              as="li"
              key={`${String(index)}-${item.type}-${item.url}`}
              padding="medium"
              className={itemCard}
              aria-current={editingIndex === index ? 'true' : undefined}
            >
              <Stack gap="small">
                <Text weight="bold">
                  {serviceDisplayName(item.type)}
                  {editingIndex === index ? ' (editing)' : ''}
                </Text>
                <Text size="small">Quantity: {item.quantity.toLocaleString('en-US')}</Text>
                <Text size="small" className={itemUrl}>
                  URL: {item.url}
                </Text>
                <Text size="small">AI settings: {item.aiSettings.length}</Text>
                <Stack direction="row" gap="small" wrap>
                  <Button
                    size="small"
                    tone="secondary"
                    onPress={() => editItem(index)}
                    isDisabled={createMassOrder.isPending}
                  >
                    Edit item
                  </Button>
                  {isAiService(item.type) && onChooseAiSettings ? (
                    <Button
                      size="small"
                      tone="secondary"
                      onPress={() => chooseItemAiSettings(index)}
                      isDisabled={createMassOrder.isPending}
                    >
                      Edit AI settings
                    </Button>
                  ) : null}
                  <Button
                    size="small"
                    tone="ghost"
                    onPress={() => removeItem(index)}
                    isDisabled={createMassOrder.isPending}
                  >
                    Remove
                  </Button>
                </Stack>
              </Stack>
            </Card>
          ))}
        </Box>
      ) : (
        <Text tone="muted">No services queued yet.</Text>
      )}

      <StatCard label={TOTAL_USD_AMOUNT} value={total} />

      <Button
        isFullWidth
        isDisabled={items.length === 0}
        isPending={createMassOrder.isPending}
        onPress={() => void placeMassOrder()}
      >
        Place Mass Order
      </Button>
    </Stack>
  )
}

function aiSettingsCount(count: number): string {
  return count === 1 ? '1 AI setting selected' : `${String(count)} AI settings selected`
}
