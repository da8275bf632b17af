export {
  Affiliates,
  AFFILIATES_TITLE,
  COPY_LINK,
  earningStatusLabel,
  FAILED_TO_LOAD_AFFILIATES,
  NO_EARNINGS,
  NO_PAYOUTS,
  type AffiliatesProps,
} from './Affiliates'
