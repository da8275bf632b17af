export { DepositForm, type DepositFormProps, type StartedDeposit } from './DepositForm'
