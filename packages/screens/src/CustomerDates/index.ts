export { useCustomerDates, type CustomerDates } from './useCustomerDates'
