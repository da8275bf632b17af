export { AiSettingsTable, formatLastUsed, NO_AI_SETTINGS, type AiSettingsTableProps } from './AiSettingsTable'
