// PUT /api/user/ai-settings, DELETE /api/user/ai-settings/{id}, POST /api/orders/fetch-models.

import * as z from 'zod'
import {
  AI_MAX_TOKENS_DEFAULT,
  AI_MAX_TOKENS_MAX,
  AI_MAX_TOKENS_MIN,
  AI_PENALTY_DEFAULT,
  AI_PENALTY_MAX,
  AI_PENALTY_MIN,
  AI_PROVIDER_IDS,
  AI_TEMPERATURE_DEFAULT,
  AI_TOP_P_DEFAULT,
  DEFAULT_AI_PROVIDER,
  isValidTemperature,
} from '../ai'
import {
  AI_MODEL_REQUIRED,
  AI_PROVIDER_INVALID,
  AI_SETTING_NAME_REQUIRED,
  API_KEY_REQUIRED,
  MAX_TOKENS_RANGE_MESSAGE,
  PENALTY_RANGE_MESSAGE,
  TEMPERATURE_RANGE_MESSAGE,
  TOP_P_RANGE_MESSAGE,
} from '../messages'
import { IsoDateTime, requiredText } from './common'

export const AiProvider = z.enum(AI_PROVIDER_IDS, { error: AI_PROVIDER_INVALID })
export type AiProvider = z.infer<typeof AiProvider>

const Temperature = z
  .number({ error: TEMPERATURE_RANGE_MESSAGE })
  .refine(isValidTemperature, { message: TEMPERATURE_RANGE_MESSAGE })
const MaxTokens = z
  .number({ error: MAX_TOKENS_RANGE_MESSAGE })
  .int(MAX_TOKENS_RANGE_MESSAGE)
  .min(AI_MAX_TOKENS_MIN, MAX_TOKENS_RANGE_MESSAGE)
  .max(AI_MAX_TOKENS_MAX, MAX_TOKENS_RANGE_MESSAGE)
const TopP = z.number({ error: TOP_P_RANGE_MESSAGE }).min(0, TOP_P_RANGE_MESSAGE).max(1, TOP_P_RANGE_MESSAGE)
const Penalty = z
  .number({ error: PENALTY_RANGE_MESSAGE })
  .min(AI_PENALTY_MIN, PENALTY_RANGE_MESSAGE)
  .max(AI_PENALTY_MAX, PENALTY_RANGE_MESSAGE)

/** An AI setting in an answer: camelCase, every field present, `apiKey` masked ('' when none is stored). */
export const AiSetting = z.object({
  id: z.string().min(1),
  name: z.string(),
  model: z.string(),
  provider: AiProvider,
  temperature: z.number(),
  maxTokens: z.number().int(),
  topP: z.number(),
  frequencyPenalty: z.number(),
  presencePenalty: z.number(),
  lastUsed: IsoDateTime,
  systemPrompt: z.string(),
  userPrompt: z.string(),
  apiKey: z.string(),
})
export type AiSetting = z.infer<typeof AiSetting>

/** The canonical (camelCase) form of an AI setting sent to the API, after defaults. */
export const AiSettingFields = z.object({
  /** Client-generated UUID, or a preset id ('default', 'reasoner'); absent → the server creates one. */
  id: z.string().trim().min(1).max(200).optional(),
  name: requiredText(AI_SETTING_NAME_REQUIRED, 200),
  model: requiredText(AI_MODEL_REQUIRED, 200),
  provider: AiProvider.default(DEFAULT_AI_PROVIDER),
  temperature: Temperature.default(AI_TEMPERATURE_DEFAULT),
  maxTokens: MaxTokens.default(AI_MAX_TOKENS_DEFAULT),
  topP: TopP.default(AI_TOP_P_DEFAULT),
  frequencyPenalty: Penalty.default(AI_PENALTY_DEFAULT),
  presencePenalty: Penalty.default(AI_PENALTY_DEFAULT),
  lastUsed: IsoDateTime.optional(),
  systemPrompt: z.string().max(20_000).default(''),
  userPrompt: z.string().max(20_000).default(''),
  /**
   * The customer's own provider key. Absent or null: keep the stored key. '': remove it. A masked value
   * (see isMaskedApiKey) sent back unchanged: keep the stored key.
   */
  apiKey: z.string().max(500).nullable().optional(),
})
export type AiSettingFields = z.output<typeof AiSettingFields>

const snakeToCamel = {
  max_tokens: 'maxTokens',
  top_p: 'topP',
  frequency_penalty: 'frequencyPenalty',
  presence_penalty: 'presencePenalty',
  last_used: 'lastUsed',
  system_prompt: 'systemPrompt',
  user_prompt: 'userPrompt',
  api_key: 'apiKey',
} as const

const optionalFields = {
  id: AiSettingFields.shape.id,
  name: AiSettingFields.shape.name.optional(),
  model: AiSettingFields.shape.model.optional(),
  provider: AiProvider.optional(),
  temperature: Temperature.optional(),
  maxTokens: MaxTokens.optional(),
  topP: TopP.optional(),
  frequencyPenalty: Penalty.optional(),
  presencePenalty: Penalty.optional(),
  lastUsed: AiSettingFields.shape.lastUsed,
  systemPrompt: z.string().max(20_000).optional(),
  userPrompt: z.string().max(20_000).optional(),
  apiKey: AiSettingFields.shape.apiKey,
}

/** What a client may send: each multi-word field in camelCase or snake_case (camelCase wins if both). */
const AiSettingWire = z.object({
  ...optionalFields,
  max_tokens: optionalFields.maxTokens,
  top_p: optionalFields.topP,
  frequency_penalty: optionalFields.frequencyPenalty,
  presence_penalty: optionalFields.presencePenalty,
  last_used: optionalFields.lastUsed,
  system_prompt: optionalFields.systemPrompt,
  user_prompt: optionalFields.userPrompt,
  api_key: optionalFields.apiKey,
})

/** Turns snake_case keys into camelCase ones; a camelCase key already present wins. */
export function aiSettingKeysToCamelCase(value: Record<string, unknown>): Record<string, unknown> {
  const result: Record<string, unknown> = {}
  for (const [key, fieldValue] of Object.entries(value)) {
    if (fieldValue === undefined) continue
    const camelKey = key in snakeToCamel ? snakeToCamel[key as keyof typeof snakeToCamel] : key
    if (camelKey !== key && value[camelKey] !== undefined) continue
    result[camelKey] = fieldValue
  }
  return result
}

/**
 * An AI setting in a request body, camelCase or snake_case, normalised to AiSettingFields. Built as
 * object → transform → object (not z.preprocess) so z.toJSONSchema can describe the accepted input.
 */
export const AiSettingInput = AiSettingWire.transform((value) => aiSettingKeysToCamelCase(value)).pipe(
  AiSettingFields,
)
export type AiSettingInput = z.input<typeof AiSettingInput>

/** PUT /api/user/ai-settings: an array of settings, upserted by id. */
export const SaveAiSettingsRequest = z.array(AiSettingInput).max(100)
export type SaveAiSettingsRequest = z.input<typeof SaveAiSettingsRequest>

/** PUT and DELETE answer the user's AI settings after the change. */
export const AiSettingsResponse = z.array(AiSetting)
export type AiSettingsResponse = z.infer<typeof AiSettingsResponse>

/** `api_key` is required except for OpenRouter, whose model list is public. */
export const FetchModelsRequest = z
  .object({
    provider: AiProvider,
    api_key: z.string({ error: API_KEY_REQUIRED }).trim().max(500).optional().default(''),
  })
  .superRefine((value, context) => {
    if (value.api_key === '' && value.provider !== 'openrouter') {
      context.addIssue({ code: 'custom', path: ['api_key'], message: API_KEY_REQUIRED })
    }
  })
export type FetchModelsRequest = z.input<typeof FetchModelsRequest>

export const ModelOption = z.object({ id: z.string(), name: z.string(), provider: AiProvider })
export type ModelOption = z.infer<typeof ModelOption>

export const FetchModelsResponse = z.object({ models: z.array(ModelOption) })
export type FetchModelsResponse = z.infer<typeof FetchModelsResponse>
