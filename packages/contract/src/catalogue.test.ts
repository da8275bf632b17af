import { describe, expect, it } from 'vitest'
import { csvField, csvRecord, formatCompletionTime, orderIdOfSearch, viewCatalogue } from './catalogue'
import { shortenLink } from './links'
import type { CatalogueService } from './schemas/catalogue'

function service(name: string, fields: Partial<CatalogueService> = {}): CatalogueService {
  return {
    id: name,
    name,
    displayName: name.toUpperCase(),
    category: '',
    description: '',
    ratePer1k: 1,
    minQuantity: 1,
    maxQuantity: 1000,
    refill: false,
    cancel: true,
    isAi: false,
    averageCompletionSeconds: null,
    completedOrders: 0,
    ...fields,
  }
}

describe('CSV fields', () => {
  it.each([
    ['plain', 'plain'],
    ['a,b', '"a,b"'],
    ['say "hi"', '"say ""hi"""'],
    ['two\nlines', '"two\nlines"'],
    ['=SUM(A1:A9)', "'=SUM(A1:A9)"],
    ['+1 555', "'+1 555"],
    ['-2', "'-2"],
    ['@handle', "'@handle"],
    ['\tindent', "'\tindent"],
    ['=HYPERLINK("x"),y', `"'=HYPERLINK(""x""),y"`],
  ])('writes %j as %j', (value, written) => {
    expect(csvField(value)).toBe(written)
  })

  it('writes numbers as they are, a negative one included, and null as nothing', () => {
    expect(csvRecord([-1.5, 0, null, 'x'])).toBe('-1.5,0,,x\r\n')
  })
})

describe('order searches and links', () => {
  it.each([
    ['1042', 1042],
    ['#1042', 1042],
    [' # 7 ', 7],
    ['0', null],
    ['instagram.com/p/1042', null],
  ])('reads %j as the order id %j', (search, id) => {
    expect(orderIdOfSearch(search)).toBe(id)
  })

  it('shortens a long link in the middle and drops its scheme', () => {
    expect(shortenLink('https://www.x.com/a')).toBe('x.com/a')
    const short = shortenLink('https://x.com/engagepanel/status/1859201934201', 20)
    expect(short).toHaveLength(20)
    expect(short.startsWith('x.com/engage')).toBe(true)
    expect(short.endsWith('934201')).toBe(true)
  })
})

describe('the catalogue view', () => {
  const services = [
    service('likes', { category: 'Instagram', ratePer1k: 2, averageCompletionSeconds: 600 }),
    service('views', { category: 'YouTube', ratePer1k: 0.5, description: 'Fast views' }),
    service('followers', { category: 'Instagram', ratePer1k: 3, averageCompletionSeconds: 60 }),
  ]
  const names = (view: Parameters<typeof viewCatalogue>[1]) =>
    viewCatalogue(services, view).map((s) => s.name)

  it('searches every word in the name, category and description', () => {
    expect(names({ search: 'fast VIEW', category: '', sort: 'name' })).toEqual(['views'])
  })

  it('filters by category and sorts by price, name or speed (no data last)', () => {
    expect(names({ search: '', category: 'Instagram', sort: 'price-high' })).toEqual(['followers', 'likes'])
    expect(names({ search: '', category: '', sort: 'price-low' })).toEqual(['views', 'likes', 'followers'])
    expect(names({ search: '', category: '', sort: 'fastest' })).toEqual(['followers', 'likes', 'views'])
  })

  it.each([
    [null, 'Not enough data'],
    [30, 'Under a minute'],
    [2_700, '45 min'],
    [12_000, '3 h 20 min'],
    [7_200, '2 h'],
    [187_200, '2 days 4 h'],
    [86_400, '1 day'],
  ])('shows %j seconds as %j', (seconds, text) => {
    expect(formatCompletionTime(seconds)).toBe(text)
  })
})
