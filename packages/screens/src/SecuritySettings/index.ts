export { SecuritySettings } from './SecuritySettings'
export {
  CONFIRM_TWO_FACTOR,
  TURN_OFF_TWO_FACTOR,
  TURN_ON_TWO_FACTOR,
  TWO_FACTOR_REQUIRED_NOTICE,
  TwoFactorSettings,
} from './TwoFactorSettings'
export { RECOVERY_CODES_SAVED } from './RecoveryCodesList'
export { describeUserAgent, SessionsList, SIGN_OUT_EVERYWHERE, THIS_DEVICE } from './SessionsList'
