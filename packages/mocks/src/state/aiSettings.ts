import { AI_SETTING_NOT_FOUND, type AiSetting, type AiSettingFields, isMaskedApiKey } from '@engage/contract'
import { masked, MockRefusal, type MockState } from './store'

// AI settings.

export function saveAiSettings(state: MockState, settings: readonly AiSettingFields[]): AiSetting[] {
  for (const fields of settings) {
    const index =
      fields.id === undefined
        ? -1
        : state.aiSettings.findIndex((setting) => setting.id.toLowerCase() === fields.id?.toLowerCase())
    const existing = state.aiSettings[index]
    const keepKey = fields.apiKey === undefined || fields.apiKey === null || isMaskedApiKey(fields.apiKey)
    const saved: AiSetting = {
      id: existing?.id ?? fields.id ?? globalThis.crypto.randomUUID(),
      name: fields.name,
      model: fields.model,
      provider: fields.provider,
      temperature: fields.temperature,
      maxTokens: fields.maxTokens,
      topP: fields.topP,
      frequencyPenalty: fields.frequencyPenalty,
      presencePenalty: fields.presencePenalty,
      systemPrompt: fields.systemPrompt,
      userPrompt: fields.userPrompt,
      apiKey: keepKey ? (existing?.apiKey ?? '') : (fields.apiKey ?? ''),
      lastUsed: fields.lastUsed ?? existing?.lastUsed ?? state.now().toISOString(),
    }
    if (existing) state.aiSettings[index] = saved
    else state.aiSettings.push(saved)
  }
  return state.aiSettings.map(masked)
}

export function deleteAiSetting(state: MockState, id: string): AiSetting[] {
  const index = state.aiSettings.findIndex((setting) => setting.id.toLowerCase() === id.toLowerCase())
  if (index === -1) throw new MockRefusal(404, AI_SETTING_NOT_FOUND)
  state.aiSettings.splice(index, 1)
  return state.aiSettings.map(masked)
}
