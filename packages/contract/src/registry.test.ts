import * as z from 'zod'
import { describe, expect, it } from 'vitest'
import { adminEndpoints } from './adminEndpoints'
import { endpoints } from './allEndpoints'
import { buildPath, schemaRegistry } from './registry'

// Both registries: customer calls (endpoints) and operator calls (adminEndpoints).
const registry = { ...endpoints, ...adminEndpoints }

describe('endpoint registry', () => {
  it('lists each method and path once', () => {
    const keys = Object.values(registry).map((endpoint) => `${endpoint.method} ${endpoint.path}`)
    expect(new Set(keys).size).toBe(keys.length)
  })

  it('covers every call of spec section 7 and the added ones', () => {
    const keys = Object.values(endpoints).map((endpoint) => `${endpoint.method} ${endpoint.path}`)
    expect(keys).toEqual(
      expect.arrayContaining([
        'GET /api/user/me',
        'PUT /api/user/ai-settings',
        'DELETE /api/user/ai-settings/{id}',
        'PUT /api/user/profile',
        'GET /api/get-services',
        'POST /api/signin',
        'POST /api/signup',
        'POST /api/auth/forgot-password',
        'POST /api/auth/reset-password',
        'POST /api/auth/change-password',
        'POST /api/logout',
        'GET /api/orders/get',
        'POST /api/orders/create',
        'POST /api/orders/subscription',
        'POST /api/orders/mass',
        'POST /api/orders/{id}/cancel',
        'POST /api/orders/retry/all',
        'POST /api/orders/retry/{id}',
        'POST /api/orders/fetch-models',
        'GET /api/payments/{provider}/methods',
        'POST /api/payments/{provider}/create',
        'GET /api/payments/status',
        'GET /api/wallet/transactions',
        'GET /api/orders/subscriptions',
        'POST /api/orders/subscriptions/{id}/cancel',
      ]),
    )
  })

  it('keeps every operator call, and only those, in the operator registry with the role it needs', () => {
    for (const endpoint of Object.values(endpoints)) {
      expect(endpoint.path.startsWith('/api/admin/'), endpoint.path).toBe(false)
      expect('role' in endpoint, endpoint.path).toBe(false)
    }
    for (const endpoint of Object.values(adminEndpoints)) {
      expect(endpoint.path.startsWith('/api/admin/'), endpoint.path).toBe(true)
      expect(['support', 'admin'], endpoint.path).toContain(endpoint.role)
      expect(endpoint.auth, endpoint.path).toBe(true)
    }
  })

  it('declares path parameters exactly for the paths that have them', () => {
    for (const endpoint of Object.values(registry)) {
      const hasPlaceholder = /\{\w+\}/.test(endpoint.path)
      expect('params' in endpoint, endpoint.path).toBe(hasPlaceholder)
    }
  })

  it.each(Object.entries(registry))(
    'turns the schemas of %s into JSON Schema for OpenAPI',
    (_name, endpoint) => {
      const parts: [z.ZodType | undefined, 'input' | 'output'][] = [
        ['request' in endpoint ? endpoint.request : undefined, 'input'],
        ['query' in endpoint ? endpoint.query : undefined, 'input'],
        ['params' in endpoint ? endpoint.params : undefined, 'input'],
        [endpoint.response, 'output'],
      ]
      for (const [schema, io] of parts) {
        if (schema === undefined) continue
        const jsonSchema = z.toJSONSchema(schema, { io, metadata: schemaRegistry, target: 'openapi-3.0' })
        expect(jsonSchema).toBeTypeOf('object')
      }
    },
  )

  it('fills path parameters, escaping them', () => {
    expect(buildPath('/api/orders/{id}/cancel', { id: 'a/b' })).toBe('/api/orders/a%2Fb/cancel')
    expect(() => buildPath('/api/orders/{id}/cancel')).toThrow('Missing path parameter id')
  })
})
