// Two-factor sign-in (TOTP with recovery codes) and the account's sessions: /api/signin/two-factor and
// /api/user/two-factor/..., /api/user/sessions/...

import * as z from 'zod'
import { ExistingPassword } from './auth'
import { IsoDateTime } from './common'

export const TWO_FACTOR_CODE_REQUIRED = 'Please enter the code from your authenticator app or a recovery code'
export const TWO_FACTOR_CODE_INVALID = 'That code is not valid. Check your authenticator app and try again.'
export const TWO_FACTOR_CHALLENGE_EXPIRED = 'This sign-in has expired. Please sign in again.'
export const TWO_FACTOR_ALREADY_ENABLED = 'Two-factor sign-in is already on'
export const TWO_FACTOR_NOT_ENABLED = 'Two-factor sign-in is not on'
export const TWO_FACTOR_SETUP_NOT_STARTED = 'Start the set-up again: no secret is waiting for a code'
export const TWO_FACTOR_ENABLED = 'Two-factor sign-in is on'
export const TWO_FACTOR_DISABLED = 'Two-factor sign-in is off'
/** An operator without two-factor sign-in on an operator call (403): the console leads to the set-up. */
export const TWO_FACTOR_SETUP_REQUIRED = 'Set up two-factor sign-in to use the console'
export const SESSION_NOT_FOUND = 'Session not found'
export const SESSION_REVOKED = 'The session is signed out'
export const OTHER_SESSIONS_REVOKED = 'Every other session is signed out'

/** How many recovery codes an enrolment gives. */
export const RECOVERY_CODE_COUNT = 10

/**
 * A code typed at the second step: six digits from the authenticator app, or a recovery code
 * ('abcde-fghij'). Spaces and dashes are the person's and are ignored when comparing.
 */
export const TwoFactorCode = z
  .string({ error: TWO_FACTOR_CODE_REQUIRED })
  .trim()
  .min(1, TWO_FACTOR_CODE_REQUIRED)
  .max(64, TWO_FACTOR_CODE_INVALID)

/** The password step succeeded on an account with two-factor sign-in: send a code with `challenge`. */
export const TwoFactorChallengeResponse = z.object({
  twoFactorRequired: z.literal(true),
  challenge: z.string().min(1),
})
export type TwoFactorChallengeResponse = z.infer<typeof TwoFactorChallengeResponse>

export const TwoFactorSigninRequest = z.object({
  challenge: z.string({ error: TWO_FACTOR_CHALLENGE_EXPIRED }).trim().min(1).max(200),
  code: TwoFactorCode,
})
export type TwoFactorSigninRequest = z.input<typeof TwoFactorSigninRequest>

export const TwoFactorStatus = z.object({
  enabled: z.boolean(),
  enabledAt: IsoDateTime.nullable(),
  /** Unused recovery codes left. */
  recoveryCodesLeft: z.number().int().min(0),
  /** True for operators: the console stays closed until it is on. */
  required: z.boolean(),
})
export type TwoFactorStatus = z.infer<typeof TwoFactorStatus>

/**
 * A new secret waiting for its first code: shown during the set-up only. `uri` is the otpauth:// address an
 * authenticator app reads, `qrSvg` the same as a QR code (an SVG document).
 */
export const TwoFactorSetupResponse = z.object({
  secret: z.string().min(1),
  uri: z.string().startsWith('otpauth://'),
  qrSvg: z.string().startsWith('<svg'),
})
export type TwoFactorSetupResponse = z.infer<typeof TwoFactorSetupResponse>

export const TwoFactorConfirmRequest = z.object({ code: TwoFactorCode })
export type TwoFactorConfirmRequest = z.input<typeof TwoFactorConfirmRequest>

/** The recovery codes, shown this once; each works once, in place of an authenticator code. */
export const RecoveryCodesResponse = z.object({
  recoveryCodes: z.array(z.string().min(1)).length(RECOVERY_CODE_COUNT),
})
export type RecoveryCodesResponse = z.infer<typeof RecoveryCodesResponse>

/** `password` is required unless the account has none (it signs in with Google only). */
export const TwoFactorDisableRequest = z.object({
  password: ExistingPassword.optional(),
  code: TwoFactorCode,
})
export type TwoFactorDisableRequest = z.input<typeof TwoFactorDisableRequest>

/** One signed-in session of the account, as Settings lists it. */
export const SessionSummary = z.object({
  id: z.string().min(1),
  userAgent: z.string().nullable(),
  ipAddress: z.string().nullable(),
  createdAt: IsoDateTime,
  lastSeenAt: IsoDateTime,
  /** The session this request came with. */
  current: z.boolean(),
})
export type SessionSummary = z.infer<typeof SessionSummary>

/** The current session first, then the most recently seen. */
export const ListSessionsResponse = z.array(SessionSummary)
export type ListSessionsResponse = z.infer<typeof ListSessionsResponse>
