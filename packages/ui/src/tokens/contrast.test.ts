import { describe, expect, it } from 'vitest'
import { contrastRatio } from './contrast'
import { contrastPairs } from './contrastPairs'
import { darkColors, lightColors } from './palette'

describe.each([
  ['dark', darkColors],
  ['light', lightColors],
])('the %s theme', (_name, colors) => {
  it.each(contrastPairs(colors).map((pair) => [pair.name, pair] as const))(
    'gives %s the contrast its use needs',
    (_pair, { foreground, background, minimum }) => {
      expect(contrastRatio(foreground, background)).toBeGreaterThanOrEqual(minimum)
    },
  )

  it('checks text at 4.5:1 and control edges at 3:1', () => {
    const minimums = new Set(contrastPairs(colors).map((pair) => pair.minimum))
    expect([...minimums].sort()).toEqual([3, 4.5])
    expect(contrastPairs(colors).find((pair) => pair.name === 'text on surface')?.minimum).toBe(4.5)
    expect(contrastPairs(colors).find((pair) => pair.name === 'focus ring on surface')?.minimum).toBe(3)
  })
})

describe('contrastRatio', () => {
  it('measures black on white as 21:1 and a colour on itself as 1:1', () => {
    expect(contrastRatio('#000000', '#ffffff')).toBeCloseTo(21, 5)
    expect(contrastRatio('#777', '#777777')).toBe(1)
  })

  it('fails a pair that misses AA, so the theme checks can catch a bad colour', () => {
    expect(contrastRatio('#777777', '#ffffff')).toBeLessThan(4.5)
  })
})
