export { OrderForm, type OrderFormProps, type OrderFormValues } from './OrderForm'
export { type AiSettingsChoiceRequest } from './OrderFormFields'
