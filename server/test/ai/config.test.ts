import { describe, expect, it } from 'vitest'
import { aiConfigFromEnv, resolveApiKey } from '../../src/adapters/ai'

describe('aiConfigFromEnv', () => {
  it('points at the real provider APIs and has no default keys when nothing is configured', () => {
    expect(aiConfigFromEnv({})).toEqual({
      baseUrls: {
        openai: 'https://api.openai.com',
        deepseek: 'https://api.deepseek.com',
        openrouter: 'https://openrouter.ai',
        replicate: 'https://api.replicate.com',
      },
      defaultApiKeys: {},
    })
  })

  it('reads every base URL and default key, dropping trailing slashes and blank keys', () => {
    const config = aiConfigFromEnv({
      OPENAI_BASE_URL: 'http://127.0.0.1:4010/',
      DEEPSEEK_BASE_URL: 'http://127.0.0.1:4010',
      OPENROUTER_BASE_URL: 'http://proxy.internal/openrouter//',
      REPLICATE_BASE_URL: 'http://127.0.0.1:4011',
      OPENAI_API_KEY: 'sk-operator-openai',
      DEEPSEEK_API_KEY: ' sk-operator-deepseek ',
      OPENROUTER_API_KEY: '',
      REPLICATE_API_TOKEN: 'r8_operatorToken',
    })
    expect(config.baseUrls).toEqual({
      openai: 'http://127.0.0.1:4010',
      deepseek: 'http://127.0.0.1:4010',
      openrouter: 'http://proxy.internal/openrouter',
      replicate: 'http://127.0.0.1:4011',
    })
    expect(config.defaultApiKeys).toEqual({
      openai: 'sk-operator-openai',
      deepseek: 'sk-operator-deepseek',
      replicate: 'r8_operatorToken',
    })
  })

  it('refuses a base URL that is not http(s), naming the variable', () => {
    expect(() => aiConfigFromEnv({ REPLICATE_BASE_URL: 'ftp://files.example' })).toThrow(
      /Invalid AI configuration: REPLICATE_BASE_URL/,
    )
    expect(() => aiConfigFromEnv({ OPENAI_BASE_URL: 'not a url' })).toThrow(/OPENAI_BASE_URL/)
  })
})

describe('resolveApiKey', () => {
  const config = aiConfigFromEnv({ DEEPSEEK_API_KEY: 'sk-operator-deepseek' })

  it("prefers the customer's own key and falls back to the operator's key for that provider", () => {
    expect(resolveApiKey(config, 'deepseek', 'sk-customer')).toBe('sk-customer')
    expect(resolveApiKey(config, 'deepseek', '  ')).toBe('sk-operator-deepseek')
    expect(resolveApiKey(config, 'deepseek', null)).toBe('sk-operator-deepseek')
    expect(resolveApiKey(config, 'openai', undefined)).toBeUndefined()
  })
})
