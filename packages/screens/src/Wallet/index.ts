export { Wallet, type WalletProps } from './Wallet'
