import { describe, expect, it } from 'vitest'
import { AiPreviewRequest, FetchModelsRequest, Order } from './index'

describe('fetch-models body', () => {
  it('lets OpenRouter list its public models without a key', () => {
    expect(FetchModelsRequest.parse({ provider: 'openrouter' })).toEqual({
      provider: 'openrouter',
      api_key: '',
    })
  })

  it.each(['openai', 'deepseek', 'replicate'])('asks for a key for %s', (provider) => {
    const result = FetchModelsRequest.safeParse({ provider, api_key: '   ' })
    expect(result.error?.issues.map((issue) => [issue.path.join('.'), issue.message])).toEqual([
      ['api_key', 'Please enter your API key'],
    ])
  })
})

describe('preview body', () => {
  it('reads the setting in snake_case beside the link and the service type', () => {
    expect(
      AiPreviewRequest.parse({
        name: 'Witty',
        model: 'gpt-4o-mini',
        provider: 'openai',
        max_tokens: 120,
        top_p: 0.9,
        system_prompt: 'Be brief.',
        api_key: 'sk-own',
        target_url: 'https://x.com/a/status/1',
        service_type: 'ai_tweets',
      }),
    ).toMatchObject({
      name: 'Witty',
      model: 'gpt-4o-mini',
      provider: 'openai',
      maxTokens: 120,
      topP: 0.9,
      systemPrompt: 'Be brief.',
      apiKey: 'sk-own',
      target_url: 'https://x.com/a/status/1',
      service_type: 'ai_tweets',
    })
  })

  it('writes a comment when no service type is given and refuses a link that is not http(s)', () => {
    expect(AiPreviewRequest.parse({ name: 'A', model: 'deepseek-chat' }).service_type).toBe('ai_comments')
    const result = AiPreviewRequest.safeParse({ name: 'A', model: 'deepseek-chat', target_url: 'ftp://x' })
    expect(result.error?.issues[0]).toMatchObject({ path: ['target_url'], message: 'Valid URL required' })
  })
})

describe('order AI fields', () => {
  it('carries the texts, the progress and the token usage of an AI order', () => {
    const order = Order.parse({
      id: '7',
      order_id: '7',
      created_at: '2026-11-21T09:00:00.000Z',
      service_type: 'ai_comments',
      target_url: 'https://x.com/a/status/1',
      quantity: 2,
      status: 'pending',
      charge: 0.09,
      start_count: null,
      remains: null,
      ai_texts: ['First', 'Second'],
      ai_progress: { generated: 2, total: 2 },
      ai_usage: { prompt_tokens: 40, completion_tokens: 14 },
    })
    expect(order.ai_texts).toEqual(['First', 'Second'])
    expect(order.ai_usage).toEqual({ prompt_tokens: 40, completion_tokens: 14 })
  })
})
