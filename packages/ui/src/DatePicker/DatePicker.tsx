import { useContext, useEffect, useRef, useState } from 'react'
import type { CalendarDateTime, ZonedDateTime } from '@internationalized/date'
import {
  Button,
  Calendar,
  CalendarCell,
  CalendarGrid,
  DateFieldStateContext,
  DateInput,
  DatePicker as AriaDatePicker,
  DateSegment,
  Dialog,
  Group,
  Heading,
  I18nProvider,
  Popover,
  type DateInputProps,
  type DatePickerProps as AriaDatePickerProps,
} from 'react-aria-components'
import { FieldDescription, FieldErrorMessage, FieldLabel, type FieldTextProps } from '../Field'
import { field, groupButton, inputGroup } from '../Field/Field.css'
import { Icon } from '../Icon'
import { popover } from '../Popover/Popover.css'
import {
  calendar,
  calendarCell,
  calendarGrid,
  calendarHeader,
  calendarHeading,
  calendarNavigation,
  dateInput,
  dateSegment,
} from './DatePicker.css'

/** A date with a time of day: `CalendarDateTime` (local wall time) or `ZonedDateTime`. */
export type DateTimeValue = CalendarDateTime | ZonedDateTime

/** Minutes between selectable times (spec: date-time pickers step 15 minutes). */
export const defaultMinuteStep = 15

export interface DatePickerProps
  extends Omit<AriaDatePickerProps<DateTimeValue>, 'children' | 'className' | 'granularity'>, FieldTextProps {
  /** Minutes the arrow keys move the minute by; typed minutes snap to it when the field loses focus. @default 15 */
  minuteStep?: number
  /** 'day' shows the date alone (a range of whole days); the value keeps its time of day. @default 'minute' */
  granularity?: 'day' | 'minute'
  className?: string
}

/**
 * A date and time picker shown as MM/DD/YYYY, hh:mm AM/PM (or MM/DD/YYYY alone with granularity 'day'), with a
 * calendar popover. Minutes step by
 * `minuteStep`; `minValue` and `maxValue` bound both the segments and the calendar.
 */
export function DatePicker({
  label,
  description,
  errorMessage,
  minuteStep = defaultMinuteStep,
  granularity = 'minute',
  className,
  value: controlledValue,
  defaultValue,
  onChange,
  onBlur,
  ...props
}: DatePickerProps) {
  const [uncontrolledValue, setUncontrolledValue] = useState<DateTimeValue | null>(defaultValue ?? null)
  const value = controlledValue === undefined ? uncontrolledValue : controlledValue
  const change = (next: DateTimeValue | null) => {
    if (controlledValue === undefined) setUncontrolledValue(next)
    onChange?.(next)
  }

  return (
    // The product formats dates as MM/DD/YYYY with a 12-hour clock, whatever the browser's language.
    <I18nProvider locale="en-US">
      <AriaDatePicker<DateTimeValue>
        {...props}
        value={value}
        onChange={change}
        onBlur={(event) => {
          const snapped = value ? snapToStep(value, minuteStep) : value
          if (snapped && value && snapped.compare(value) !== 0) change(snapped)
          onBlur?.(event)
        }}
        granularity={granularity}
        shouldForceLeadingZeros
        // minValue / maxValue errors show while editing, not only after a native form submit.
        validationBehavior={props.validationBehavior ?? 'aria'}
        className={[field, className].filter(Boolean).join(' ')}
      >
        <FieldLabel>{label}</FieldLabel>
        <Group className={inputGroup}>
          <DateInput className={dateInput}>
            {(segment) => <SteppedDateSegment segment={segment} minuteStep={minuteStep} />}
          </DateInput>
          <Button className={groupButton}>
            <Icon name="calendar" size="small" />
          </Button>
        </Group>
        <FieldDescription>{description}</FieldDescription>
        <FieldErrorMessage>{errorMessage}</FieldErrorMessage>
        <Popover className={popover} placement="bottom start">
          <Dialog className={calendar}>
            <Calendar>
              <header className={calendarHeader}>
                <Button slot="previous" className={calendarNavigation}>
                  <Icon name="chevronLeft" size="small" />
                </Button>
                <Heading className={calendarHeading} />
                <Button slot="next" className={calendarNavigation}>
                  <Icon name="chevronRight" size="small" />
                </Button>
              </header>
              <CalendarGrid className={calendarGrid}>
                {(date) => <CalendarCell date={date} className={calendarCell} />}
              </CalendarGrid>
            </Calendar>
          </Dialog>
        </Popover>
      </AriaDatePicker>
    </I18nProvider>
  )
}

/** Rounds the minutes to the nearest multiple of `step` (carrying into the next hour at 60). */
export function snapToStep<T extends DateTimeValue>(value: T, step: number): T {
  const remainder = value.minute % step
  if (remainder === 0 && value.second === 0 && value.millisecond === 0) return value
  const base = value.set({ minute: value.minute - remainder, second: 0, millisecond: 0 }) as T
  return (remainder * 2 >= step ? base.add({ minutes: step }) : base) as T
}

type Segment = Parameters<Extract<DateInputProps['children'], (segment: never) => unknown>>[0]

/** The units the arrow keys move by carrying into the next larger unit instead of wrapping. */
const carriedUnits = {
  year: 'years',
  month: 'months',
  day: 'days',
  hour: 'hours',
  minute: 'minutes',
} as const
type CarriedSegment = keyof typeof carriedUnits

function isCarried(type: string): type is CarriedSegment {
  return type in carriedUnits
}

// The arrow keys move a whole date: minute 45 → 00 is the next hour, day 31 → 01 the next month, and the minute
// moves to the next or previous multiple of the step. (React Aria wraps each segment within its own range, so
// 11:45 would become 11:00 of the same hour.) DateSegment takes no keyboard props, so a native listener on the
// segment runs before React Aria's handler (which React dispatches from the root) and stops the event there.
function SteppedDateSegment({ segment, minuteStep }: { segment: Segment; minuteStep: number }) {
  const state = useContext(DateFieldStateContext)
  const elementRef = useRef<HTMLSpanElement>(null)
  const latest = useRef({ segment, state, minuteStep })
  useEffect(() => {
    latest.current = { segment, state, minuteStep }
  })
  const type = segment.type
  useEffect(() => {
    const element = elementRef.current
    if (!isCarried(type) || !element) return
    const step = (event: KeyboardEvent) => {
      const current = latest.current
      if (!current.state || (event.key !== 'ArrowUp' && event.key !== 'ArrowDown')) return
      const direction = event.key === 'ArrowUp' ? 1 : -1
      const value = current.state.value as DateTimeValue | null
      if (value && 'hour' in value) {
        event.preventDefault()
        event.stopPropagation()
        current.state.setValue(carried(value, type, direction, current.minuteStep))
      } else if (type === 'minute') {
        // An incomplete date has nothing to carry into: the minute alone moves to its step.
        event.preventDefault()
        event.stopPropagation()
        const minute = current.segment.isPlaceholder ? null : (current.segment.value ?? null)
        current.state.setSegment('minute', nextMinute(minute, current.minuteStep, direction))
      }
    }
    element.addEventListener('keydown', step)
    return () => element.removeEventListener('keydown', step)
  }, [type])
  return <DateSegment ref={elementRef} segment={segment} className={dateSegment} />
}

/** The value one unit (or one minute step) later or earlier, carried into the larger units. */
function carried<T extends DateTimeValue>(
  value: T,
  type: CarriedSegment,
  direction: 1 | -1,
  minuteStep: number,
): T {
  if (type !== 'minute') return value.add({ [carriedUnits[type]]: direction }) as T
  const minute = nextMinute(value.minute, minuteStep, direction)
  // Past the hour's last step forward (or its first backward), the next or previous hour's step.
  const hourShift =
    direction === 1 && minute <= value.minute ? 1 : direction === -1 && minute >= value.minute ? -1 : 0
  return value.set({ minute, second: 0, millisecond: 0 }).add({ hours: hourShift }) as T
}

function nextMinute(minute: number | null, step: number, direction: 1 | -1): number {
  if (minute === null) return 0
  const next =
    direction === 1 ? Math.floor(minute / step) * step + step : Math.ceil(minute / step) * step - step
  return (next + 60) % 60
}
