export {
  AI_SETTINGS_SAVED,
  AiSettingsDialog,
  aiSettingsSelectionModes,
  SELECT_AI_SETTINGS,
  type AiSettingsDialogProps,
  type AiSettingsSelectionMode,
} from './AiSettingsDialog'
