export {
  CHECKING_PAYMENT,
  PaymentReturnBanner,
  usePaymentReturn,
  type PaymentReturnBannerProps,
  type PaymentReturnParams,
  type WalletMessage,
} from './PaymentReturnBanner'
