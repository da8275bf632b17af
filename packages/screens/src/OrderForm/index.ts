export { OrderForm, type OrderFormProps, type OrderFormValues } from './OrderForm'
export { type AiSettingsChoiceRequest } from './OrderFormFields'
export { dripFeedPart, type DripFeedFieldsProps, type DripFeedPart } from './DripFeedFields'
