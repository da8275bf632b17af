import { describe, expect, it } from 'vitest'
import { contrastRatio } from './contrast'
import { darkColors, lightColors, type ThemeColors } from './palette'
import { statusTones } from './tones'

// Every pair a component puts text (4.5:1) or a control edge / focus ring (3:1, WCAG 1.4.11) on.
function textPairs(colors: ThemeColors): [string, string, string][] {
  const surfaces = {
    background: colors.background,
    surface: colors.surface,
    surfaceRaised: colors.surfaceRaised,
    surfaceHover: colors.surfaceHover,
  }
  const pairs: [string, string, string][] = []
  for (const [surfaceName, surface] of Object.entries(surfaces)) {
    pairs.push([`text on ${surfaceName}`, colors.text, surface])
    pairs.push([`textMuted on ${surfaceName}`, colors.textMuted, surface])
    pairs.push([`link on ${surfaceName}`, colors.link, surface])
  }
  pairs.push(['onAccent on accent', colors.onAccent, colors.accent])
  pairs.push(['onAccent on accentHover', colors.onAccent, colors.accentHover])
  pairs.push(['onAccent on accentPressed', colors.onAccent, colors.accentPressed])
  pairs.push(['onCritical on critical', colors.onCritical, colors.critical])
  pairs.push(['onCritical on criticalHover', colors.onCritical, colors.criticalHover])
  pairs.push(['onCritical on criticalPressed', colors.onCritical, colors.criticalPressed])
  pairs.push(['accent text on surface (ghost button)', colors.accent, colors.surface])
  pairs.push(['critical text on surface', colors.critical, colors.surface])
  pairs.push(['critical text on background (field errors)', colors.critical, colors.background])
  pairs.push(['critical text on surfaceRaised (errors in dialogs)', colors.critical, colors.surfaceRaised])
  pairs.push(['background on text (tooltips)', colors.background, colors.text])
  for (const tone of statusTones) {
    pairs.push([`${tone} text on its background`, colors.tone[tone].text, colors.tone[tone].background])
    pairs.push([`text on the ${tone} background (close buttons)`, colors.text, colors.tone[tone].background])
  }
  return pairs
}

function nonTextPairs(colors: ThemeColors): [string, string, string][] {
  const pairs: [string, string, string][] = []
  for (const surface of ['background', 'surface', 'surfaceRaised'] as const) {
    pairs.push([`control border on ${surface}`, colors.borderStrong, colors[surface]])
    pairs.push([`focus ring on ${surface}`, colors.focusRing, colors[surface]])
    pairs.push([`accent (switch, checkbox) on ${surface}`, colors.accent, colors[surface]])
  }
  for (const tone of statusTones) {
    pairs.push([`${tone} border on its background`, colors.tone[tone].border, colors.tone[tone].background])
  }
  return pairs
}

describe.each([
  ['dark', darkColors],
  ['light', lightColors],
])('the %s theme', (_name, colors) => {
  it.each(textPairs(colors))('gives %s at least 4.5:1 contrast', (_pair, foreground, background) => {
    expect(contrastRatio(foreground, background)).toBeGreaterThanOrEqual(4.5)
  })

  it.each(nonTextPairs(colors))('gives %s at least 3:1 contrast', (_pair, foreground, background) => {
    expect(contrastRatio(foreground, background)).toBeGreaterThanOrEqual(3)
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
