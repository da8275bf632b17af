import { analyticsPeriods, type AnalyticsGranularity, localDateNumber, timeZoneId } from '@engage/contract'
import { type RawBuilder, sql } from 'kysely'

// Where a range of days on a reader's clock falls in UTC, and how an hourly rollup row finds its local day: the
// range is cut where summer time begins or ends, and inside each stretch the local day of an hour is
// (hour + offset) / 24 h, which the database computes while it sums, answering a row per local day rather than
// per hour. Every profile timezone is a whole number of hours from UTC, summer time included, so an hour never
// straddles two local days.

const DAY_MS = 86_400_000
const formats = new Map<string, Intl.DateTimeFormat>()

/** How far the zone's clock is ahead of UTC at `instant`, in milliseconds (EST: −5 h, EDT: −4 h). */
function zoneOffsetMs(zoneId: string, instant: number): number {
  let format = formats.get(zoneId)
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', {
      timeZone: zoneId,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
    })
    formats.set(zoneId, format)
  }
  const part = (parts: Intl.DateTimeFormatPart[], type: string) =>
    Number(parts.find((item) => item.type === type)?.value ?? 0)
  const parts = format.formatToParts(new Date(instant))
  const wall = Date.UTC(
    part(parts, 'year'),
    part(parts, 'month') - 1,
    part(parts, 'day'),
    part(parts, 'hour'),
    part(parts, 'minute'),
  )
  return wall - Math.floor(instant / 60_000) * 60_000
}

/** The UTC instant of the midnight that starts a calendar day (days since 1970-01-01) on the zone's clock. */
function localMidnight(zoneId: string, day: number): number {
  const wall = day * DAY_MS
  const guess = wall - zoneOffsetMs(zoneId, wall)
  // Near a change of summer time the offset at the guess may differ from the one at midnight itself.
  return wall - zoneOffsetMs(zoneId, guess)
}

/** A stretch of the range over which the zone's clock is a fixed offset from UTC (no change of summer time). */
export interface ClockSegment {
  startMs: number
  endMs: number
  offsetMs: number
}

export interface PeriodGrid {
  periods: { start: string; end: string }[]
  /** The range's first instant (included) and the instant after its last day (excluded), UTC. */
  startMs: number
  endMs: number
  /** The range cut where summer time begins or ends: inside each, local day = (instant + offset) / day. */
  segments: ClockSegment[]
  /** The period a local day (days since 1970-01-01 on the reader's clock) of the range falls in. */
  periodOfDay(day: number): number
}

const HOUR_MS = 3_600_000
const WEEK_MS = 7 * DAY_MS

/**
 * The range's stretches of one offset. Summer time changes at most twice a year and never twice in a week, so
 * the offset is sampled weekly and each change found to the hour (changes happen on the hour).
 */
function clockSegments(zoneId: string, startMs: number, endMs: number): ClockSegment[] {
  const segments: ClockSegment[] = []
  let segmentStart = startMs
  let offset = zoneOffsetMs(zoneId, startMs)
  for (let probe = startMs; probe < endMs;) {
    const next = Math.min(probe + WEEK_MS, endMs - HOUR_MS)
    if (next <= probe || zoneOffsetMs(zoneId, next) === offset) {
      probe = next <= probe ? endMs : next
      continue
    }
    // The first hour after `probe` with the new offset.
    let low = probe
    let high = next
    while (high - low > HOUR_MS) {
      const middle = low + Math.floor((high - low) / HOUR_MS / 2) * HOUR_MS
      if (zoneOffsetMs(zoneId, middle) === offset) low = middle
      else high = middle
    }
    segments.push({ startMs: segmentStart, endMs: high, offsetMs: offset })
    segmentStart = high
    offset = zoneOffsetMs(zoneId, high)
    probe = high
  }
  segments.push({ startMs: segmentStart, endMs, offsetMs: offset })
  return segments
}

/** The periods of a range of local days (validated dates) and where they begin in UTC. */
export function periodGrid(
  range: { from: string; to: string; granularity: AnalyticsGranularity },
  timezone: string,
): PeriodGrid {
  const zoneId = timeZoneId(timezone)
  const periods = analyticsPeriods(range.from, range.to, range.granularity)
  const startDays = periods.map((period) => localDateNumber(period.start) ?? 0)
  const firstDay = localDateNumber(range.from) ?? 0
  const startMs = localMidnight(zoneId, firstDay)
  const endMs = localMidnight(zoneId, (localDateNumber(range.to) ?? 0) + 1)
  return {
    periods,
    startMs,
    endMs,
    segments: clockSegments(zoneId, startMs, endMs),
    periodOfDay(day) {
      let low = 0
      let high = startDays.length - 1
      while (low < high) {
        const middle = Math.ceil((low + high) / 2)
        if ((startDays[middle] ?? 0) <= day) low = middle
        else high = middle - 1
      }
      return low
    },
  }
}

/** The local day (days since 1970-01-01 on the reader's clock) of a rollup row's `hour`, inside one stretch. */
export function localDayOf(hourColumn: string, segment: ClockSegment): RawBuilder<number> {
  return sql<number>`(${sql.ref(hourColumn)} + ${sql.lit(segment.offsetMs)}) / ${sql.lit(DAY_MS)}`
}

/**
 * Runs a read grouped by local day over each stretch of the range (`day` is the expression to select and group
 * by; `startMs` and `endMs` bound the hours), and answers all their rows.
 */
export async function readByLocalDay<Row>(
  grid: PeriodGrid,
  hourColumn: string,
  read: (bounds: { startMs: number; endMs: number; day: RawBuilder<number> }) => Promise<Row[]>,
): Promise<Row[]> {
  const rows: Row[] = []
  for (const segment of grid.segments) {
    rows.push(
      ...(await read({
        startMs: segment.startMs,
        endMs: segment.endMs,
        day: localDayOf(hourColumn, segment),
      })),
    )
  }
  return rows
}
