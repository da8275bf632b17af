export {
  Form,
  FormSelect,
  FormTextField,
  focusFirstInvalidField,
  type FormFieldProps,
  type FormProps,
} from './Form'
export { FormCheckbox } from './FormCheckbox'
export { FormDatePicker } from './FormDatePicker'
export { FormNumberField } from './FormNumberField'
