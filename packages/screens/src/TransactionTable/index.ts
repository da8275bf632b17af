export { signedAmount, TransactionTable, type TransactionTableProps } from './TransactionTable'
