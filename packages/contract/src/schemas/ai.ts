// POST /api/ai/preview: one sample text for the AI settings dialog's 'Generate preview'.

import * as z from 'zod'
import { AI_SERVICE_TYPES } from '../services'
import { AiSettingInput } from './aiSettings'
import { TargetUrl } from './orders'

/**
 * The setting as the dialog holds it (camelCase or snake_case, as PUT /api/user/ai-settings takes it), plus
 * what the sample is for. The key used is `api_key` when given (a masked value counts as absent), else the
 * stored key of the saved setting `id`, else the operator's default key for the provider.
 */
export const AiPreviewRequest = z
  .object({
    /** The link the sample is about; a sample link when absent. */
    target_url: TargetUrl.optional(),
    /** ai_tweets holds the sample to 280 characters. */
    service_type: z.enum(AI_SERVICE_TYPES).default('ai_comments'),
  })
  .and(AiSettingInput)
export type AiPreviewRequest = z.input<typeof AiPreviewRequest>

export const AiPreviewResponse = z.object({ text: z.string() })
export type AiPreviewResponse = z.infer<typeof AiPreviewResponse>
