export { Select, type SelectKey, type SelectOption, type SelectProps } from './Select'
