export { Settings, settingsTabs, type SettingsProps, type SettingsTab } from './Settings'
export { AI_SETTING_CREATED, AI_SETTING_DELETED, AI_SETTING_UPDATED } from './SettingsAiSettings'
