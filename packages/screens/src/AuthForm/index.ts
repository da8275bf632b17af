export { AuthForm, authSubmitLabels, GOOGLE_NOT_CONFIGURED, GOOGLE_SIGNED_IN } from './AuthForm'
export type { AuthenticatedSession, AuthFormProps } from './AuthForm'
export { TWO_FACTOR_STEP_TITLE, VERIFY_CODE } from './TwoFactorStep'
