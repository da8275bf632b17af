import { useEffect, useRef, useState } from 'react'
import { useForm, useWatch } from 'react-hook-form'
import { zodResolver } from '@hookform/resolvers/zod'
import * as z from 'zod'
import {
  AI_MAX_TOKENS_MAX,
  AI_MAX_TOKENS_MIN,
  AI_PENALTY_MAX,
  AI_PENALTY_MIN,
  AI_PROVIDERS,
  AI_TEMPERATURE_MAX,
  AI_TEMPERATURE_MIN,
  AI_TEMPERATURE_STEP,
  AiProvider,
  AiSettingFields,
  GENERIC_ERROR,
  isMaskedApiKey,
  type AiSettingValues,
} from '@engage/contract'
import { isApiError, useAiPreview } from '@engage/client'
import {
  Banner,
  Box,
  Button,
  Form,
  FormNumberField,
  FormSelect,
  FormTextField,
  Stack,
  Text,
} from '@engage/ui'
import { FetchModelsDialog } from '../FetchModelsDialog'
import {
  fieldGrid,
  formActions,
  modelField,
  modelRow,
  previewHeader,
  previewPanel,
  previewText,
} from './AiSettingForm.css'

// The contract's field rules, without its defaults: an emptied number field is an error here, not a silent 0.7.
const fields = AiSettingFields.shape
const aiSettingFormSchema = z.object({
  name: fields.name,
  provider: AiProvider,
  model: fields.model,
  temperature: fields.temperature.unwrap(),
  maxTokens: fields.maxTokens.unwrap(),
  topP: fields.topP.unwrap(),
  frequencyPenalty: fields.frequencyPenalty.unwrap(),
  presencePenalty: fields.presencePenalty.unwrap(),
  systemPrompt: fields.systemPrompt.unwrap(),
  userPrompt: fields.userPrompt.unwrap(),
  apiKey: z.string().trim(),
})
type AiSettingFormInput = z.input<typeof aiSettingFormSchema>

const providerOptions = AI_PROVIDERS.map((provider) => ({ id: provider.id, label: provider.name }))

function formValuesOf(setting: AiSettingValues): AiSettingFormInput {
  return {
    name: setting.name,
    provider: setting.provider,
    model: setting.model,
    temperature: setting.temperature,
    maxTokens: setting.maxTokens,
    topP: setting.topP,
    frequencyPenalty: setting.frequencyPenalty,
    presencePenalty: setting.presencePenalty,
    systemPrompt: setting.systemPrompt,
    userPrompt: setting.userPrompt,
    apiKey: setting.apiKey,
  }
}

/** The edited values over the setting's id and last-used time; undefined while a field is invalid. */
function settingFrom(setting: AiSettingValues, input: unknown): AiSettingValues | undefined {
  const parsed = aiSettingFormSchema.safeParse(input)
  return parsed.success ? { ...setting, ...parsed.data } : undefined
}

export interface AiSettingFormProps {
  /** The setting to edit, or a new one (createBlankAiSettingForm); its id and lastUsed are kept. */
  setting: AiSettingValues
  /** When given, a submit button saves the valid values through it. */
  onSubmit?: (setting: AiSettingValues) => void | Promise<void>
  /** Label of the submit button. @default 'Save' */
  submitLabel?: string
  /** The parent is saving. @default false */
  isSubmitting?: boolean
  /** When given, a Cancel button calls it. */
  onCancel?: () => void
  /**
   * For inline editing: called after each change with the edited setting, or null while a field is invalid
   * (the parent saves several entries together).
   */
  onValuesChange?: (setting: AiSettingValues | null) => void
  /** Accessible name of the form. @default the setting's name */
  'aria-label'?: string
}

/**
 * An AI setting's fields: name (required), provider, model (typed, or chosen in the fetch-models
 * dialog), temperature 0 to 2 in steps of 0.1, max tokens, top P, penalties, prompts and an optional API key
 * that overrides the operator's default; 'Generate preview' writes one sample text with the current values.
 */
export function AiSettingForm({
  setting,
  onSubmit,
  submitLabel = 'Save',
  isSubmitting = false,
  onCancel,
  onValuesChange,
  'aria-label': ariaLabel,
}: AiSettingFormProps) {
  const form = useForm<AiSettingFormInput>({
    resolver: zodResolver(aiSettingFormSchema, undefined, { raw: true }),
    defaultValues: formValuesOf(setting),
    mode: 'onTouched',
  })
  const provider = useWatch({ control: form.control, name: 'provider' })
  const preview = useAiPreview()
  const [isFetchModelsOpen, setFetchModelsOpen] = useState(false)

  // The latest callback, so a parent passing a new function each render does not resubscribe the watcher.
  const onValuesChangeRef = useRef(onValuesChange)
  onValuesChangeRef.current = onValuesChange
  useEffect(() => {
    const subscription = form.watch((values) => {
      onValuesChangeRef.current?.(settingFrom(setting, values) ?? null)
    })
    return () => subscription.unsubscribe()
  }, [form, setting])

  const save = async (input: AiSettingFormInput) => {
    const saved = settingFrom(setting, input)
    if (saved && onSubmit) await onSubmit(saved)
  }

  const generatePreview = async () => {
    if (!(await form.trigger())) return
    const values = settingFrom(setting, form.getValues())
    if (!values) return
    // A masked key stands for the stored one: the server then uses the saved setting's key (by id).
    preview.mutate({ ...values, apiKey: isMaskedApiKey(values.apiKey) ? null : values.apiKey })
  }

  return (
    <>
      <Form
        aria-label={ariaLabel ?? (setting.name === '' ? 'AI setting' : setting.name)}
        onSubmit={form.handleSubmit(save)}
      >
        <Stack gap="medium">
          <FormTextField control={form.control} name="name" label="Name" isRequired />
          <div className={fieldGrid}>
            <FormSelect control={form.control} name="provider" label="Provider" items={providerOptions} />
            <div className={modelRow}>
              <FormTextField
                control={form.control}
                name="model"
                label="Model"
                isRequired
                className={modelField}
              />
              <Button tone="secondary" onPress={() => setFetchModelsOpen(true)}>
                Fetch Models
              </Button>
            </div>
            <FormNumberField
              control={form.control}
              name="temperature"
              label="Temperature"
              description="From 0 to 2, in steps of 0.1"
              minValue={AI_TEMPERATURE_MIN}
              maxValue={AI_TEMPERATURE_MAX}
              step={AI_TEMPERATURE_STEP}
              // The value stays as typed, so an out-of-range temperature shows its message instead of changing.
              commitBehavior="validate"
            />
            <FormNumberField
              control={form.control}
              name="maxTokens"
              label="Max Tokens"
              minValue={AI_MAX_TOKENS_MIN}
              maxValue={AI_MAX_TOKENS_MAX}
              step={1}
              commitBehavior="validate"
            />
            <FormNumberField
              control={form.control}
              name="topP"
              label="Top P"
              minValue={0}
              maxValue={1}
              step={0.05}
              commitBehavior="validate"
            />
            <FormNumberField
              control={form.control}
              name="frequencyPenalty"
              label="Frequency Penalty"
              minValue={AI_PENALTY_MIN}
              maxValue={AI_PENALTY_MAX}
              step={0.1}
              commitBehavior="validate"
            />
            <FormNumberField
              control={form.control}
              name="presencePenalty"
              label="Presence Penalty"
              minValue={AI_PENALTY_MIN}
              maxValue={AI_PENALTY_MAX}
              step={0.1}
              commitBehavior="validate"
            />
          </div>
          <FormTextField
            control={form.control}
            name="systemPrompt"
            label="System Prompt"
            isMultiline
            rows={3}
          />
          <FormTextField control={form.control} name="userPrompt" label="User Prompt" isMultiline rows={3} />
          <FormTextField
            control={form.control}
            name="apiKey"
            label="API Key"
            type="password"
            autoComplete="off"
            description="Optional. Overrides the operator's default key for this provider; empty uses the default."
          />
          <Box className={previewPanel}>
            <div className={previewHeader}>
              <Text weight="medium">Preview</Text>
              <Button
                tone="secondary"
                size="small"
                onPress={() => void generatePreview()}
                isPending={preview.isPending}
                pendingLabel="Generating preview"
              >
                Generate preview
              </Button>
            </div>
            {preview.isSuccess ? (
              <output aria-label="Preview text" className={previewText}>
                {preview.data.text}
              </output>
            ) : preview.isError ? (
              <Banner tone="error">{isApiError(preview.error) ? preview.error.detail : GENERIC_ERROR}</Banner>
            ) : (
              <Text size="small" tone="muted">
                One sample text written with these settings.
              </Text>
            )}
          </Box>
          {onSubmit || onCancel ? (
            <div className={formActions}>
              {onCancel ? (
                <Button tone="secondary" onPress={onCancel}>
                  Cancel
                </Button>
              ) : null}
              {onSubmit ? (
                <Button type="submit" isPending={isSubmitting}>
                  {submitLabel}
                </Button>
              ) : null}
            </div>
          ) : null}
        </Stack>
      </Form>
      {/* Outside the form: React events bubble through portals, so the dialog's submit would save this form. */}
      <FetchModelsDialog
        isOpen={isFetchModelsOpen}
        onOpenChange={setFetchModelsOpen}
        provider={provider}
        onSelect={({ model, apiKey }) => {
          form.setValue('model', model.id, { shouldDirty: true, shouldValidate: true })
          // The key that listed the models is the one the setting will use.
          if (apiKey !== '') form.setValue('apiKey', apiKey, { shouldDirty: true })
        }}
      />
    </>
  )
}
