import { useState } from 'react'
import type { Meta, StoryObj } from '@storybook/react-vite'
import { expect, fn, userEvent, within } from 'storybook/test'
import { ANALYTICS_RANGE_REVERSED, ANALYTICS_RANGE_TOO_LONG } from '@engage/contract'
import { fixtureProfile } from '@engage/mocks'
import { Box, Stack, Text } from '@engage/ui'
// The range is a part of the analytics page and the console's reports, not in @engage/screens' public entry.
import {
  AnalyticsRange,
  rangeText,
  type AnalyticsRangeValue,
} from '../../packages/screens/src/AnalyticsRange'
import { optionLabels } from '../support/select'

// The date range of the analytics page and the operator reports (packages/screens/src/AnalyticsRange): From and
// To (whole days on the reader's clock) and Group by. The Analytics and Admin/Reports stories use it in place;
// these show its own states. It loads nothing, so it has no loading, empty or error state of its own: its
// states are a valid range, a range that ends before it starts and one longer than the API takes.

/** The range held as the analytics page holds it: the last valid one, whose figures the page shows. */
function RangeOfAPage({
  initialValue,
  timezone,
  onChange,
}: {
  initialValue: AnalyticsRangeValue
  timezone: string
  onChange: (range: AnalyticsRangeValue) => void
}) {
  const [value, setValue] = useState(initialValue)
  return (
    <Stack gap="medium">
      <AnalyticsRange
        value={value}
        timezone={timezone}
        onChange={(range) => {
          onChange(range)
          setValue(range)
        }}
      />
      <Text>{`Figures ${rangeText(value.from, value.to)}, by ${value.granularity}`}</Text>
    </Stack>
  )
}

/** The analytics page's first range: the 30 days to the fixtures' today (11/20/2026), by day. */
const lastThirtyDays: AnalyticsRangeValue = { from: '2026-10-22', to: '2026-11-20', granularity: 'day' }

const meta = {
  component: RangeOfAPage,
  title: 'Screens/AnalyticsRange',
  decorators: [
    (Story) => (
      <Box padding={{ mobile: 'medium', tablet: 'large' }}>
        <Story />
      </Box>
    ),
  ],
  args: { initialValue: lastThirtyDays, timezone: fixtureProfile.timezone, onChange: fn() },
  // The range is shown by the fields; Storybook's object editor for it is not accessible.
  argTypes: { initialValue: { control: false } },
} satisfies Meta<typeof RangeOfAPage>
export default meta
type Story = StoryObj<typeof meta>

type Canvas = ReturnType<typeof within>

/** A date field's text as the reader sees it ('11/20/2026'), without RAC's Unicode isolation marks. */
const fieldText = (canvas: Canvas, label: 'From' | 'To') =>
  canvas.getByRole('group', { name: label }).textContent?.replace(/[\u2066-\u2069]/g, '')

/** Focuses a segment ('day', 'year') of the From or To field, for the arrow keys. */
async function focusSegment(canvas: Canvas, label: 'From' | 'To', segment: 'day' | 'month' | 'year') {
  const group = canvas.getByRole('group', { name: label })
  await userEvent.click(within(group).getByRole('spinbutton', { name: new RegExp(segment, 'i') }))
}

/** The spinbuttons of a field, whose aria-invalid says whether the field is marked wrong. */
const segments = (canvas: Canvas, label: 'From' | 'To') =>
  within(canvas.getByRole('group', { name: label })).getAllByRole('spinbutton')

export const LastThirtyDays: Story = {
  name: 'The last 30 days, by day',
  play: async ({ canvas, args }) => {
    await expect(fieldText(canvas, 'From')).toBe('10/22/2026')
    await expect(fieldText(canvas, 'To')).toBe('11/20/2026')
    await expect(canvas.getByRole('combobox', { name: 'Group by' })).toHaveDisplayValue('Day')
    await expect(optionLabels(canvas.getByRole('combobox', { name: 'Group by' }))).toEqual([
      'Day',
      'Week',
      'Month',
    ])
    // The days are on the customer's own clock, and the fields say which.
    await expect(canvas.getByText(`Days on your clock (${fixtureProfile.timezone})`)).toBeVisible()
    for (const segment of segments(canvas, 'To')) await expect(segment).not.toHaveAttribute('aria-invalid')
    await expect(canvas.queryByText(ANALYTICS_RANGE_REVERSED)).toBeNull()
    await expect(canvas.getByText('Figures from 10/22/2026 to 11/20/2026, by day')).toBeVisible()
    await expect(args.onChange).not.toHaveBeenCalled()
  },
}

export const ChangeADay: Story = {
  name: 'A later start, picked with the keyboard',
  play: async ({ canvas, args }) => {
    await focusSegment(canvas, 'From', 'day')
    await userEvent.keyboard('{ArrowUp}')
    await expect(fieldText(canvas, 'From')).toBe('10/23/2026')
    await expect(args.onChange).toHaveBeenLastCalledWith({
      from: '2026-10-23',
      to: '2026-11-20',
      granularity: 'day',
    })
    // The field keeps the focus: the next key moves the same day on.
    await userEvent.keyboard('{ArrowUp}')
    await expect(fieldText(canvas, 'From')).toBe('10/24/2026')
    await expect(args.onChange).toHaveBeenCalledTimes(2)
    await expect(canvas.getByText('Figures from 10/24/2026 to 11/20/2026, by day')).toBeVisible()
  },
}

export const GroupByWeek: Story = {
  name: 'Grouped by week',
  play: async ({ canvas, args }) => {
    const groupBy = canvas.getByRole('combobox', { name: 'Group by' })
    await userEvent.selectOptions(groupBy, 'Week')
    await expect(groupBy).toHaveDisplayValue('Week')
    await expect(args.onChange).toHaveBeenLastCalledWith({ ...lastThirtyDays, granularity: 'week' })
    // The days stay as they were.
    await expect(fieldText(canvas, 'From')).toBe('10/22/2026')
    await expect(fieldText(canvas, 'To')).toBe('11/20/2026')
    await expect(canvas.getByText('Figures from 10/22/2026 to 11/20/2026, by week')).toBeVisible()
  },
}

export const OneDay: Story = {
  name: 'One day, by month',
  args: { initialValue: { from: '2026-11-20', to: '2026-11-20', granularity: 'month' } },
  play: async ({ canvas, args }) => {
    await expect(fieldText(canvas, 'From')).toBe('11/20/2026')
    await expect(fieldText(canvas, 'To')).toBe('11/20/2026')
    await expect(canvas.getByRole('combobox', { name: 'Group by' })).toHaveDisplayValue('Month')
    await expect(canvas.getByText('Figures on 11/20/2026, by month')).toBeVisible()
    for (const segment of segments(canvas, 'To')) await expect(segment).not.toHaveAttribute('aria-invalid')
    await expect(args.onChange).not.toHaveBeenCalled()
  },
}

export const Reversed: Story = {
  name: 'A range that ends before it starts',
  play: async ({ canvas, args, step }) => {
    await step('a From after To shows the message by To and changes nothing', async () => {
      await focusSegment(canvas, 'From', 'year')
      await userEvent.keyboard('{ArrowUp}')
      await expect(fieldText(canvas, 'From')).toBe('10/22/2027')
      await expect(await canvas.findByText(ANALYTICS_RANGE_REVERSED)).toBeVisible()
      for (const segment of segments(canvas, 'To'))
        await expect(segment).toHaveAttribute('aria-invalid', 'true')
      await expect(args.onChange).not.toHaveBeenCalled()
      await expect(canvas.getByText('Figures from 10/22/2026 to 11/20/2026, by day')).toBeVisible()
    })
    await step('Group by still regroups the last valid range, the message stays', async () => {
      await userEvent.selectOptions(canvas.getByRole('combobox', { name: 'Group by' }), 'Month')
      await expect(args.onChange).toHaveBeenLastCalledWith({ ...lastThirtyDays, granularity: 'month' })
      await expect(fieldText(canvas, 'From')).toBe('10/22/2027')
      await expect(canvas.getByText(ANALYTICS_RANGE_REVERSED)).toBeVisible()
    })
    await step('a From before To again clears the message and applies the range', async () => {
      await focusSegment(canvas, 'From', 'year')
      await userEvent.keyboard('{ArrowDown}')
      await expect(canvas.queryByText(ANALYTICS_RANGE_REVERSED)).toBeNull()
      for (const segment of segments(canvas, 'To')) await expect(segment).not.toHaveAttribute('aria-invalid')
      await expect(args.onChange).toHaveBeenLastCalledWith({ ...lastThirtyDays, granularity: 'month' })
      await expect(canvas.getByText('Figures from 10/22/2026 to 11/20/2026, by month')).toBeVisible()
    })
  },
}

export const TooLong: Story = {
  name: 'A range longer than a year',
  play: async ({ canvas, args }) => {
    await focusSegment(canvas, 'From', 'year')
    await userEvent.keyboard('{ArrowDown}')
    await expect(fieldText(canvas, 'From')).toBe('10/22/2025')
    await expect(await canvas.findByText(ANALYTICS_RANGE_TOO_LONG)).toBeVisible()
    for (const segment of segments(canvas, 'To'))
      await expect(segment).toHaveAttribute('aria-invalid', 'true')
    await expect(args.onChange).not.toHaveBeenCalled()
    await expect(canvas.getByText('Figures from 10/22/2026 to 11/20/2026, by day')).toBeVisible()
  },
}

export const LongestRange: Story = {
  name: 'The longest range: 366 days',
  args: { initialValue: { from: '2025-11-21', to: '2026-11-20', granularity: 'week' } },
  play: async ({ canvas, args, step }) => {
    await step('366 days, both ends included, are taken', async () => {
      await focusSegment(canvas, 'From', 'day')
      await userEvent.keyboard('{ArrowDown}')
      await expect(fieldText(canvas, 'From')).toBe('11/20/2025')
      await expect(args.onChange).toHaveBeenLastCalledWith({
        from: '2025-11-20',
        to: '2026-11-20',
        granularity: 'week',
      })
      await expect(canvas.queryByText(ANALYTICS_RANGE_TOO_LONG)).toBeNull()
    })
    await step('367 are not', async () => {
      await userEvent.keyboard('{ArrowDown}')
      await expect(fieldText(canvas, 'From')).toBe('11/19/2025')
      await expect(await canvas.findByText(ANALYTICS_RANGE_TOO_LONG)).toBeVisible()
      await expect(args.onChange).toHaveBeenCalledTimes(1)
      await expect(canvas.getByText('Figures from 11/20/2025 to 11/20/2026, by week')).toBeVisible()
    })
    await step('an earlier To makes it 366 again', async () => {
      await focusSegment(canvas, 'To', 'day')
      await userEvent.keyboard('{ArrowDown}')
      await expect(canvas.queryByText(ANALYTICS_RANGE_TOO_LONG)).toBeNull()
      await expect(args.onChange).toHaveBeenLastCalledWith({
        from: '2025-11-19',
        to: '2026-11-19',
        granularity: 'week',
      })
      await expect(canvas.getByText('Figures from 11/19/2025 to 11/19/2026, by week')).toBeVisible()
    })
  },
}

export const EasternClock: Story = {
  name: 'Days on the Eastern clock',
  args: { timezone: 'EST' },
  play: async ({ canvas }) => {
    await expect(canvas.getByText('Days on your clock (EST)')).toBeVisible()
    await expect(canvas.queryByText(`Days on your clock (${fixtureProfile.timezone})`)).toBeNull()
    await expect(fieldText(canvas, 'From')).toBe('10/22/2026')
  },
}

export const UtcClock: Story = {
  name: 'Days on the UTC clock',
  args: { timezone: 'UTC' },
  play: async ({ canvas }) => {
    await expect(canvas.getByText('Days on your clock (UTC)')).toBeVisible()
    await expect(fieldText(canvas, 'To')).toBe('11/20/2026')
  },
}
