export {
  API_KEYS_TITLE,
  apiKeyRevokedMessage,
  ApiKeysPanel,
  CREATE_API_KEY,
  FAILED_TO_LOAD_API_KEYS,
  FAILED_TO_REVOKE_API_KEY,
  NEVER_USED,
  NO_API_KEYS,
  REVOKE_API_KEY_MESSAGE,
  revokeApiKeyTitle,
  type ApiKeysPanelProps,
} from './ApiKeysPanel'
export {
  CREATE_API_KEY_TITLE,
  FAILED_TO_CREATE_API_KEY,
  KEY_COPIED_DONE,
  KEY_NAME_LABEL,
  KEY_SHOWN_ONCE_MESSAGE,
  KEY_SHOWN_ONCE_TITLE,
  NEW_API_KEY_TITLE,
} from './ApiKeyDialogs'
export { API_KEY_PLACEHOLDER, API_REQUESTS_PER_MINUTE, apiExamples, type ApiExample } from './ApiUsageGuide'
export { COPIED, COPY_FAILED } from './CopyButton'
