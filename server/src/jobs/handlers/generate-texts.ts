import { AiProviderError } from '../../adapters/ai'
import { type AiGenerationDeps, generateOrderTexts, pauseOrderForAi } from '../../domain/ai-generation'
import type { JobPayloads } from '../queue'
import type { JobHandler } from '../worker'

/** The reason a customer reads on an order whose texts could not be written. */
function pausedReasonOf(error: unknown): string {
  // Provider errors are worded for customers and hold no key; anything else (a database failure) is ours to
  // look at in the job's last_error, not theirs to read.
  return error instanceof AiProviderError ? error.message : 'Failed to generate texts'
}

/**
 * `generate-texts` { orderId }: writes the AI texts an ai_comments or ai_tweets order still lacks
 * (domain/ai-generation.ts generateOrderTexts); the order's waiting dispatch then sends them upstream. A
 * provider that refuses the setting pauses the order at once; a provider that keeps failing (timeouts, 429,
 * 5xx) is asked again with backoff, and when the attempts run out the order is paused with the reason.
 */
export function generateTextsHandler(deps: AiGenerationDeps): JobHandler<JobPayloads['generate-texts']> {
  return {
    async run({ orderId }) {
      await generateOrderTexts(deps, orderId)
      return undefined
    },
    async giveUp({ orderId }, context, error) {
      await pauseOrderForAi(deps.db, orderId, pausedReasonOf(error), context.clock.now())
    },
  }
}
