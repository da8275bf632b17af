export {
  Form,
  FormCheckbox,
  FormDatePicker,
  FormNumberField,
  FormSelect,
  FormTextField,
  focusFirstInvalidField,
  type FormFieldProps,
  type FormProps,
} from './Form'
