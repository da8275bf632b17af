export { AiSettingsTable, NO_AI_SETTINGS, type AiSettingsTableProps } from './AiSettingsTable'
