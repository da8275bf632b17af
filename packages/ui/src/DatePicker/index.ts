export {
  DatePicker,
  defaultMinuteStep,
  snapToStep,
  type DatePickerProps,
  type DateTimeValue,
} from './DatePicker'
