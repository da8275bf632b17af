import { vars } from '../tokens/vars.css'

/**
 * How the series of a chart are told apart: a colour from the theme (each at least 3:1 against the surfaces
 * in both themes, see contrastPairs) and, for the colour-blind and for print, a dash pattern of its own.
 */
export const seriesStyles = [
  { color: vars.color.accent, dash: undefined },
  { color: vars.color.tone.warning.border, dash: '6 3' },
  { color: vars.color.tone.critical.border, dash: '2 3' },
  { color: vars.color.tone.success.border, dash: '10 3 2 3' },
] as const

export function seriesStyle(index: number) {
  return seriesStyles[index % seriesStyles.length]!
}
