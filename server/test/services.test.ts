import { GetServicesResponse } from '@engage/contract'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { invalidateServicesCache } from '../src/domain/services'
import { createTestApp, type TestApp } from './support/app'
import { addService } from './support/services'

let t: TestApp

beforeAll(async () => {
  t = await createTestApp()
})
afterAll(() => t.close())

describe('GET /api/get-services', () => {
  it('answers an empty map when no service is offered', async () => {
    const response = await t.app.request('/api/get-services')
    expect(response.status).toBe(200)
    expect(await response.json()).toEqual({})
  })

  it('answers every enabled service with its price per unit in USD, without a token', async () => {
    await addService(t.db, 'followers', 1_200_000)
    await addService(t.db, 'ai_comments', 45_000_000, { isAi: true })
    await addService(t.db, 'retired', 9_000_000, { enabled: false })
    await addService(t.db, 'premium_likes', 3_333_333)
    invalidateServicesCache(t.db)
    const response = await t.app.request('/api/get-services')
    expect(response.status).toBe(200)
    expect(response.headers.get('Content-Type')).toMatch(/^application\/json/)
    const body = GetServicesResponse.parse(await response.json())
    expect(body).toEqual({ followers: 0.0012, ai_comments: 0.045, premium_likes: 0.003333333 })
    expect(Object.keys(body)).toEqual(['followers', 'ai_comments', 'premium_likes'])
  })

  it('lets clients cache the list briefly and revalidate it with its ETag', async () => {
    const first = await t.app.request('/api/get-services')
    expect(first.headers.get('Cache-Control')).toBe(
      'public, max-age=30, s-maxage=60, stale-while-revalidate=30',
    )
    const etag = first.headers.get('ETag')
    expect(etag).toMatch(/^"[A-Za-z0-9_-]+"$/)

    const revalidated = await t.app.request('/api/get-services', { headers: { 'If-None-Match': etag ?? '' } })
    expect(revalidated.status).toBe(304)
    expect(await revalidated.text()).toBe('')
    expect(revalidated.headers.get('ETag')).toBe(etag)

    const weak = await t.app.request('/api/get-services', {
      headers: { 'If-None-Match': `"other", W/${etag}` },
    })
    expect(weak.status).toBe(304)
    const stale = await t.app.request('/api/get-services', { headers: { 'If-None-Match': '"other"' } })
    expect(stale.status).toBe(200)
  })

  it('serves a changed price once the catalogue is invalidated, under a new ETag', async () => {
    const before = await t.app.request('/api/get-services')
    await t.db
      .updateTable('services')
      .set({ rate_per_1k: 1_500_000 })
      .where('name', '=', 'followers')
      .execute()
    invalidateServicesCache(t.db)
    const after = await t.app.request('/api/get-services', {
      headers: { 'If-None-Match': before.headers.get('ETag') ?? '' },
    })
    expect(after.status).toBe(200)
    expect(after.headers.get('ETag')).not.toBe(before.headers.get('ETag'))
    expect(GetServicesResponse.parse(await after.json()).followers).toBe(0.0015)
  })
})

describe('GET /api/services', () => {
  it('answers the enabled services with display names, both rates and their quantity limits, without a token', async () => {
    await addService(t.db, 'views', 500_000, { min: 100, max: 5_000 })
    invalidateServicesCache(t.db)
    const response = await t.app.request('/api/services')
    expect(response.status).toBe(200)
    const body = (await response.json()) as { name: string }[]
    expect(body.map((service) => service.name)).toEqual([
      'followers',
      'ai_comments',
      'premium_likes',
      'views',
    ])
    expect(body[1]).toEqual({
      id: expect.any(String),
      name: 'ai_comments',
      displayName: 'AI COMMENTS',
      rate: 0.045,
      ratePer1k: 45,
      minQuantity: 1,
      maxQuantity: 10_000,
      isAi: true,
    })
    expect(body[3]).toMatchObject({
      name: 'views',
      ratePer1k: 0.5,
      minQuantity: 100,
      maxQuantity: 5_000,
      isAi: false,
    })
  })
})
