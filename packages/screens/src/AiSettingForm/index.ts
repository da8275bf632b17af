export { AiSettingForm, type AiSettingFormProps } from './AiSettingForm'
