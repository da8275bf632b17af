import { describe, expect, it } from 'vitest'
import { dashboardLink, optionsFromAttributes, type WidgetAttribute } from '../src/options'
import { remToPx } from '../src/styles'

const attributes =
  (values: Partial<Record<WidgetAttribute, string>>) =>
  (name: WidgetAttribute): string | null =>
    values[name] ?? null

describe('the element attributes', () => {
  it('default the API and the panel to the origin the loader came from, in the dark theme', () => {
    expect(optionsFromAttributes(attributes({}), 'https://panel.example')).toEqual({
      apiBase: 'https://panel.example',
      panelUrl: 'https://panel.example',
      service: undefined,
      theme: 'dark',
    })
  })

  it('take api-base, panel-url, service and theme as given, without trailing slashes', () => {
    const options = optionsFromAttributes(
      attributes({
        'api-base': 'https://api.example/v1/',
        'panel-url': ' https://panel.example/ ',
        service: 'likes',
        theme: 'Light',
      }),
      'https://cdn.example',
    )
    expect(options).toEqual({
      apiBase: 'https://api.example/v1',
      panelUrl: 'https://panel.example',
      service: 'likes',
      theme: 'light',
    })
  })

  it.each(['', 'blue', 'system'])('fall back to dark for the theme %j', (theme) => {
    expect(optionsFromAttributes(attributes({ theme }), 'https://panel.example').theme).toBe('dark')
  })

  it('treat an empty service as none', () => {
    expect(
      optionsFromAttributes(attributes({ service: ' ' }), 'https://panel.example').service,
    ).toBeUndefined()
  })
})

describe('the Order link', () => {
  it('opens the dashboard with service, link and quantity, encoded', () => {
    const link = dashboardLink('https://panel.example/', {
      serviceType: 'ai_comments',
      url: 'https://x.com/a?b=1&c=2',
      quantity: 250,
    })
    expect(link).toBe(
      'https://panel.example/dashboard?service=ai_comments&link=https%3A%2F%2Fx.com%2Fa%3Fb%3D1%26c%3D2&quantity=250',
    )
    const query = new URL(link).searchParams
    expect(query.get('link')).toBe('https://x.com/a?b=1&c=2')
  })

  it('keeps a path prefix of the panel', () => {
    expect(
      dashboardLink('https://example.com/panel', { serviceType: 'likes', url: 'https://a.b/', quantity: 1 }),
    ).toMatch(/^https:\/\/example\.com\/panel\/dashboard\?/)
  })
})

describe('the widget stylesheet', () => {
  it('sizes in px what the design system sizes in rem, so the page root font size does not reach in', () => {
    expect(remToPx('.a{padding:0.5rem 1rem;margin:-.25rem;font-size:1.125rem}')).toBe(
      '.a{padding:8px 16px;margin:-4px;font-size:18px}',
    )
  })

  it('leaves names that merely contain rem alone', () => {
    const css = '.Select_remove__x1rem2{width:calc(100% - 2rem)} --space-1rem: 3px'
    expect(remToPx(css)).toBe('.Select_remove__x1rem2{width:calc(100% - 32px)} --space-1rem: 3px')
  })
})
