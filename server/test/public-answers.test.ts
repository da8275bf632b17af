import { AuthProvidersResponse, ListServicesResponse } from '@engage/contract'
import { endpoints } from '@engage/contract/all-endpoints'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { invalidateServicesCache } from '../src/domain/services'
import { invalidatePanelContent } from '../src/domain/panel-content'
import { authed, createTestApp, signUp, type TestApp } from './support/app'
import { addService } from './support/services'

// The public GET /api/services and GET /api/auth/providers answer what their registry response schemas say:
// what the panel and the order widget (on a partner's origin, through CORS) parse.

let t: TestApp

beforeAll(async () => {
  t = await createTestApp()
  await addService(t.db, 'followers', 1_200_000, { min: 10, max: 50_000 })
  await addService(t.db, 'ai_comments', 45_000_000, { isAi: true })
  await addService(t.db, 'retired', 9_000_000, { enabled: false })
  invalidateServicesCache(t.db)
})
afterAll(() => t.close())

describe('GET /api/services', () => {
  it('answers as the registry says, for the panel and for a partner origin', async () => {
    expect(endpoints.listServices).toMatchObject({ method: 'GET', path: '/api/services', auth: false })
    const asked: Record<string, string>[] = [{}, { Origin: 'https://partner.example' }]
    for (const headers of asked) {
      const response = await t.app.request('/api/services', { headers })
      expect(response.status).toBe(200)
      const services = endpoints.listServices.response.parse(await response.json())
      expect(services).toEqual([
        {
          id: expect.any(String),
          name: 'followers',
          displayName: 'FOLLOWERS',
          rate: 0.0012,
          ratePer1k: 1.2,
          minQuantity: 10,
          maxQuantity: 50_000,
          isAi: false,
        },
        {
          id: expect.any(String),
          name: 'ai_comments',
          displayName: 'AI COMMENTS',
          rate: 0.045,
          ratePer1k: 45,
          minQuantity: 1,
          maxQuantity: 10_000,
          isAi: true,
        },
      ])
    }
  })

  it('has a schema that refuses an answer missing a limit', () => {
    const listing = {
      id: '1',
      name: 'followers',
      displayName: 'FOLLOWERS',
      rate: 0.0012,
      ratePer1k: 1.2,
      minQuantity: 10,
      isAi: false,
    }
    expect(ListServicesResponse.safeParse([listing]).success).toBe(false)
    expect(ListServicesResponse.safeParse([{ ...listing, maxQuantity: 100 }]).success).toBe(true)
  })
})

describe('GET /api/auth/providers', () => {
  it('answers as the registry says, without a Google client and with one', async () => {
    expect(endpoints.authProviders).toMatchObject({ method: 'GET', path: '/api/auth/providers', auth: false })
    const without = await t.app.request('/api/auth/providers')
    expect(without.status).toBe(200)
    expect(endpoints.authProviders.response.parse(await without.json())).toEqual({ google: false })

    const configured = await createTestApp({
      config: {
        google: {
          clientId: 'client-id.apps.googleusercontent.com',
          clientSecret: 'client-secret',
          issuer: 'https://accounts.google.com',
          redirectUrl: 'http://panel.test/api/signin/google/callback',
        },
      },
    })
    try {
      const response = await configured.app.request('/api/auth/providers')
      expect(response.status).toBe(200)
      expect(AuthProvidersResponse.parse(await response.json())).toEqual({ google: true })
    } finally {
      await configured.close()
    }
  })
})

describe('GET /api/contact-methods', () => {
  it('answers, without a sign-in, the Contact Us methods a customer sees: one source for every page', async () => {
    expect(endpoints.listContactMethods).toMatchObject({
      method: 'GET',
      path: '/api/contact-methods',
      auth: false,
    })
    await t.db.deleteFrom('contact_methods').execute()
    await t.db
      .insertInto('contact_methods')
      .values([
        {
          icon: 'mail',
          title: 'Support e-mail',
          value: 'help@panel.test',
          text: 'Weekdays | 8 AM to 8 PM',
          url: 'mailto:help@panel.test',
          sort_order: 2,
        },
        {
          icon: 'chat',
          title: 'Support bot',
          value: '@PanelBot',
          text: 'Any time',
          url: 'https://t.me/PanelBot',
          sort_order: 1,
        },
      ])
      .execute()
    invalidatePanelContent(t.db)

    const response = await t.app.request('/api/contact-methods')
    expect(response.status).toBe(200)
    const methods = endpoints.listContactMethods.response.parse(await response.json())
    expect(methods.map((method) => [method.title, method.value, method.text])).toEqual([
      ['Support bot', '@PanelBot', 'Any time'],
      ['Support e-mail', 'help@panel.test', 'Weekdays | 8 AM to 8 PM'],
    ])
    const customer = await signUp(t)
    const me = await t.app.request('/api/user/me', { headers: authed(customer.token) })
    expect(((await me.json()) as { contactMethods: unknown }).contactMethods).toEqual(methods)
  })
})
