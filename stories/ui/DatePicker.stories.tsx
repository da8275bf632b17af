import type { Meta, StoryObj } from '@storybook/react-vite'
import { CalendarDateTime, ZonedDateTime } from '@internationalized/date'
import { DatePicker } from '@engage/ui'
import { expect, fn, userEvent, waitFor, within } from 'storybook/test'

const start = new CalendarDateTime(2026, 11, 21, 10, 0)

const meta = {
  title: 'UI/DatePicker',
  component: DatePicker,
  tags: ['autodocs'],
  parameters: {
    usage: {
      do: [
        'Use it for a single date the user picks (a report’s range end, a schedule).',
        'Label it with what the date is for, and set min and max when the range is limited.',
      ],
      dont: [
        'Don’t use it for dates the user knows by heart as text (a birth date): a text field is quicker.',
        'Don’t use it for a time of day alone.',
      ],
    },
    layout: 'padded',
  },
  args: { label: 'Start date', defaultValue: start, onChange: fn() },
} satisfies Meta<typeof DatePicker>
export default meta
type Story = StoryObj<typeof meta>

// The time is wrapped in Unicode isolation marks (RAC keeps it left-to-right in every locale).
const fieldText = (canvas: ReturnType<typeof within>) =>
  canvas.getByRole('group', { name: 'Start date' }).textContent?.replace(/[\u2066-\u2069]/g, '')

export const MinutesStepBy15: Story = {
  play: async ({ canvas, args }) => {
    await expect(fieldText(canvas)).toMatch(/11\/21\/2026, 10:00\s?AM/)
    const minute = canvas.getByRole('spinbutton', { name: /minute/i })
    await userEvent.click(minute)
    await userEvent.keyboard('{ArrowUp}')
    await expect(minute).toHaveTextContent('15')
    await userEvent.keyboard('{ArrowUp}{ArrowUp}')
    await expect(minute).toHaveTextContent('45')
    await userEvent.keyboard('{ArrowDown}')
    await expect(minute).toHaveTextContent('30')
    const changes = (args.onChange as ReturnType<typeof fn>).mock.calls
    await expect(changes.at(-1)?.[0]?.toString()).toBe('2026-11-21T10:30:00')
  },
}

// The arrow keys move the whole date: past the last step of an hour is the next hour, past the last day of a
// month the next month (a segment that wrapped alone would silently move the time back).
export const SegmentsCarry: Story = {
  args: { defaultValue: new CalendarDateTime(2026, 11, 30, 23, 45) },
  play: async ({ canvas, args }) => {
    const changes = (args.onChange as ReturnType<typeof fn>).mock.calls
    const minute = canvas.getByRole('spinbutton', { name: /minute/i })
    await userEvent.click(minute)
    await userEvent.keyboard('{ArrowUp}')
    await expect(minute).toHaveTextContent('00')
    await expect(changes.at(-1)?.[0]?.toString()).toBe('2026-12-01T00:00:00')
    await userEvent.keyboard('{ArrowDown}')
    await expect(changes.at(-1)?.[0]?.toString()).toBe('2026-11-30T23:45:00')
    const day = canvas.getByRole('spinbutton', { name: /day/i })
    await userEvent.click(day)
    await userEvent.keyboard('{ArrowUp}')
    await expect(changes.at(-1)?.[0]?.toString()).toBe('2026-12-01T23:45:00')
    await expect(fieldText(canvas)).toMatch(/12\/01\/2026, 11:45\s?PM/)
    const hour = canvas.getByRole('spinbutton', { name: /hour/i })
    await userEvent.click(hour)
    await userEvent.keyboard('{ArrowUp}')
    await expect(changes.at(-1)?.[0]?.toString()).toBe('2026-12-02T00:45:00')
  },
}

// A value on a customer's clock shows that clock's zone beside the time.
export const InTheCustomersTimezone: Story = {
  args: { defaultValue: new ZonedDateTime(2026, 11, 21, 'America/Los_Angeles', -8 * 3_600_000, 9, 0) },
  play: async ({ canvas }) => {
    await expect(fieldText(canvas)).toMatch(/11\/21\/2026, 09:00\s?AM\s?PST/)
  },
}

export const TypedMinutesSnapTo15: Story = {
  play: async ({ canvas, args }) => {
    const minute = canvas.getByRole('spinbutton', { name: /minute/i })
    await userEvent.click(minute)
    await userEvent.keyboard('10')
    await userEvent.tab()
    await userEvent.tab()
    await waitFor(() => expect(minute).toHaveTextContent('15'))
    const changes = (args.onChange as ReturnType<typeof fn>).mock.calls
    await expect(changes.at(-1)?.[0]?.toString()).toBe('2026-11-21T10:15:00')
  },
}

export const CalendarPopover: Story = {
  play: async ({ canvas, canvasElement, args }) => {
    const page = within(canvasElement.ownerDocument.body)
    await userEvent.click(canvas.getByRole('button', { name: /Calendar/ }))
    const dialog = await page.findByRole('dialog')
    await userEvent.click(within(dialog).getByRole('button', { name: /November 25, 2026/ }))
    await waitFor(() => expect(page.queryByRole('dialog')).not.toBeInTheDocument())
    const changes = (args.onChange as ReturnType<typeof fn>).mock.calls
    await expect(changes.at(-1)?.[0]?.toString()).toBe('2026-11-25T10:00:00')
  },
}

export const MinAndMax: Story = {
  args: {
    label: 'End date',
    minValue: new CalendarDateTime(2026, 11, 21, 9, 0),
    maxValue: new CalendarDateTime(2026, 11, 30, 18, 0),
    defaultValue: new CalendarDateTime(2026, 12, 2, 9, 0),
    errorMessage: 'The end must be before November 30',
  },
  play: async ({ canvas, canvasElement }) => {
    const group = canvas.getByRole('group', { name: 'End date' })
    await expect(within(group).getAllByRole('spinbutton')[0]).toHaveAttribute('aria-invalid', 'true')
    await expect(canvas.getByText('The end must be before November 30')).toBeVisible()
    const page = within(canvasElement.ownerDocument.body)
    await userEvent.click(canvas.getByRole('button', { name: /Calendar/ }))
    const dialog = await page.findByRole('dialog')
    await userEvent.click(within(dialog).getByRole('button', { name: /Previous/ }))
    await expect(within(dialog).getByRole('button', { name: /November 20, 2026/ })).toHaveAttribute(
      'aria-disabled',
      'true',
    )
  },
}

export const Empty: Story = {
  args: { defaultValue: undefined, description: 'Orders start at this time.' },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('spinbutton', { name: /month/i })).toHaveTextContent('mm')
  },
}

export const Disabled: Story = { args: { isDisabled: true } }

// A whole day (an analytics range): the date alone, and the arrow keys still carry past the month's end.
export const DayGranularity: Story = {
  args: { label: 'Start date', granularity: 'day', defaultValue: new CalendarDateTime(2026, 11, 30) },
  play: async ({ canvas, args }) => {
    await expect(fieldText(canvas)).toBe('11/30/2026')
    await expect(canvas.queryByRole('spinbutton', { name: /hour/i })).toBeNull()
    await userEvent.click(canvas.getByRole('spinbutton', { name: /day/i }))
    await userEvent.keyboard('{ArrowUp}')
    const changes = (args.onChange as ReturnType<typeof fn>).mock.calls
    await expect(changes.at(-1)?.[0]?.toString()).toBe('2026-12-01T00:00:00')
  },
}
