import { contrastRatio } from './contrast'
import type { ThemeColors } from './palette'
import { statusTones } from './tones'

/** A foreground colour a component puts on a background, and the WCAG 2.2 AA minimum the pair must meet. */
export interface ContrastPair {
  /** What the pair is, in the token names, e.g. "textMuted on surface". */
  name: string
  foreground: string
  background: string
  /** 4.5 for text, 3 for control edges, focus rings and other graphics (WCAG 1.4.11). */
  minimum: 4.5 | 3
}

/** A pair with its measured ratio, as the Foundations page shows it. */
export interface MeasuredContrastPair extends ContrastPair {
  ratio: number
  passes: boolean
}

const text = (name: string, foreground: string, background: string): ContrastPair => ({
  name,
  foreground,
  background,
  minimum: 4.5,
})
const graphic = (name: string, foreground: string, background: string): ContrastPair => ({
  name,
  foreground,
  background,
  minimum: 3,
})

/**
 * Every pair of a theme a component puts text (4.5:1) or a control edge / focus ring (3:1) on. The contrast test
 * holds each theme to them and the Storybook Foundations page lists them, so both read this one list.
 */
export function contrastPairs(colors: ThemeColors): ContrastPair[] {
  const surfaces = {
    background: colors.background,
    surface: colors.surface,
    surfaceRaised: colors.surfaceRaised,
    surfaceHover: colors.surfaceHover,
  }
  const pairs: ContrastPair[] = []
  for (const [surfaceName, surface] of Object.entries(surfaces)) {
    pairs.push(text(`text on ${surfaceName}`, colors.text, surface))
    pairs.push(text(`textMuted on ${surfaceName}`, colors.textMuted, surface))
    pairs.push(text(`link on ${surfaceName}`, colors.link, surface))
  }
  pairs.push(text('onAccent on accent', colors.onAccent, colors.accent))
  pairs.push(text('onAccent on accentHover', colors.onAccent, colors.accentHover))
  pairs.push(text('onAccent on accentPressed', colors.onAccent, colors.accentPressed))
  pairs.push(text('onCritical on critical', colors.onCritical, colors.critical))
  pairs.push(text('onCritical on criticalHover', colors.onCritical, colors.criticalHover))
  pairs.push(text('onCritical on criticalPressed', colors.onCritical, colors.criticalPressed))
  pairs.push(text('accent text on surface (ghost button)', colors.accent, colors.surface))
  pairs.push(text('critical text on surface', colors.critical, colors.surface))
  pairs.push(text('critical text on background (field errors)', colors.critical, colors.background))
  pairs.push(
    text('critical text on surfaceRaised (errors in dialogs)', colors.critical, colors.surfaceRaised),
  )
  pairs.push(text('background on text (tooltips)', colors.background, colors.text))
  for (const tone of statusTones) {
    pairs.push(text(`${tone} text on its background`, colors.tone[tone].text, colors.tone[tone].background))
    pairs.push(
      text(`text on the ${tone} background (close buttons)`, colors.text, colors.tone[tone].background),
    )
  }
  for (const surface of ['background', 'surface', 'surfaceRaised'] as const) {
    pairs.push(graphic(`control border on ${surface}`, colors.borderStrong, colors[surface]))
    pairs.push(graphic(`focus ring on ${surface}`, colors.focusRing, colors[surface]))
    pairs.push(graphic(`accent (switch, checkbox) on ${surface}`, colors.accent, colors[surface]))
  }
  // The series of a chart (Chart's seriesStyles): lines and bars on the card they sit on.
  for (const surface of ['surface', 'surfaceRaised'] as const) {
    for (const tone of ['warning', 'critical', 'success'] as const) {
      pairs.push(
        graphic(`chart series (${tone} border) on ${surface}`, colors.tone[tone].border, colors[surface]),
      )
    }
  }
  for (const tone of statusTones) {
    pairs.push(
      graphic(`${tone} border on its background`, colors.tone[tone].border, colors.tone[tone].background),
    )
  }
  return pairs
}

/** The theme's pairs with their contrast ratio and whether they meet their minimum. */
export function measureContrastPairs(colors: ThemeColors): MeasuredContrastPair[] {
  return contrastPairs(colors).map((pair) => {
    const ratio = contrastRatio(pair.foreground, pair.background)
    return { ...pair, ratio, passes: ratio >= pair.minimum }
  })
}
