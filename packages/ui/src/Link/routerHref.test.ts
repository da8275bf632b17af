import { describe, expect, it } from 'vitest'
import { isAbsoluteAddress, keepAbsoluteAddresses } from './routerHref'

// A router's useHref as react-router's behaves on /dashboard: everything is resolved against the current path.
const resolveOnDashboard = (href: string) =>
  href.startsWith('/') ? href : `/dashboard/${href}`.replace(/\/\/+/g, '/')

describe('keepAbsoluteAddresses', () => {
  it.each([
    'https://t.me/EngagePanelBot',
    'http://example.com/a',
    'mailto:support@example.com',
    'tel:+15550100',
    '//cdn.example.com/x',
  ])('passes %s through untouched', (href) => {
    expect(isAbsoluteAddress(href)).toBe(true)
    expect(keepAbsoluteAddresses(resolveOnDashboard)(href)).toBe(href)
  })

  it.each([
    ['/wallet', '/wallet'],
    ['orders', '/dashboard/orders'],
  ])('leaves the path %s to the router', (href, expected) => {
    expect(isAbsoluteAddress(href)).toBe(false)
    expect(keepAbsoluteAddresses(resolveOnDashboard)(href)).toBe(expected)
  })
})
