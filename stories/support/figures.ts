import { within } from 'storybook/test'
import { analyticsDefaultRange } from '@engage/contract'
import { FIXTURE_NOW } from '@engage/mocks'

// What the stories of the screens of figures over a date range (the customer's Analytics, the console's
// Reports) share: the fixtures' today and the ranges they show, and how a play function reads a card.

type Canvas = ReturnType<typeof within>

/**
 * The fixtures' today and the ranges of the stories on a reader's clock: the default one (the 30 days to
 * 11/20/2026), one day, and a year.
 */
export function storyRanges(timezone: string) {
  const now = FIXTURE_NOW
  return {
    now,
    defaultRange: { ...analyticsDefaultRange(timezone, now), granularity: 'day' as const },
    oneDay: { from: '2026-11-20', to: '2026-11-20', granularity: 'day' as const },
    aYear: { from: '2025-11-21', to: '2026-11-20', granularity: 'day' as const },
  }
}

/** The figure of a stat card. */
export const statValue = (canvas: Canvas, label: string) =>
  canvas.getByText(label, { selector: 'dt' }).nextElementSibling

/** A chart's card, by its heading. */
export const card = (canvas: Canvas, title: string) => within(canvas.getByRole('region', { name: title }))
