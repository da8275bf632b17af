export { aiConfigFromEnv, defaultAiBaseUrls, resolveApiKey, type AiConfig } from './config'
export {
  AiPermanentError,
  AiProviderError,
  AiTransientError,
  type AiOperation,
  type AiProviderErrorDetails,
} from './errors'
export {
  generatePreview,
  generateTexts,
  largestBatchSize,
  type GeneratedBatch,
  type GeneratedTexts,
  type GeneratePreviewOptions,
  type GenerateTextsOptions,
} from './generate'
export type { Fetch } from './http'
export { fetchModels, type FetchModelsOptions, type ModelOption } from './models'
export { aiServiceTypes, tweetLengthLimit, type AiServiceType } from './prompt'
export { aiProviderNames, aiProviders, type AiProvider } from './providers'
export { redactSecrets } from './redact'
export type { AiGenerationSetting, TokenUsage } from './setting'
