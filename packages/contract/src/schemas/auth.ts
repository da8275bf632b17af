// POST /api/signin, /api/signup, /api/logout, /api/auth/forgot-password, /api/auth/reset-password,
// /api/auth/change-password.

import * as z from 'zod'
import {
  CURRENT_PASSWORD_REQUIRED,
  EMAIL_INVALID,
  EMAIL_REQUIRED,
  PASSWORD_REQUIRED,
  PASSWORD_TOO_LONG,
  PASSWORD_TOO_SHORT,
  PASSWORDS_DO_NOT_MATCH,
  RESET_TOKEN_REQUIRED,
} from '../messages'
import { PASSWORD_MAX, PASSWORD_MIN } from '../constants'

/** An email address, trimmed and lower-cased (accounts are found by their lower-cased email). */
export const Email = z
  .string({ error: EMAIL_REQUIRED })
  .trim()
  .min(1, EMAIL_REQUIRED)
  .max(254, EMAIL_INVALID)
  .pipe(z.email({ error: EMAIL_INVALID }))
  .transform((email) => email.toLowerCase())

/** A new password: 8 to 128 characters (not trimmed: spaces count). */
export const NewPassword = z
  .string({ error: PASSWORD_REQUIRED })
  .min(1, PASSWORD_REQUIRED)
  .min(PASSWORD_MIN, PASSWORD_TOO_SHORT)
  .max(PASSWORD_MAX, PASSWORD_TOO_LONG)

/** A password typed to sign in or confirm: required; length rules only apply when it is chosen. */
export const ExistingPassword = z
  .string({ error: PASSWORD_REQUIRED })
  .min(1, PASSWORD_REQUIRED)
  .max(PASSWORD_MAX, PASSWORD_TOO_LONG)

export const SigninRequest = z.object({ email: Email, password: ExistingPassword })
export type SigninRequest = z.input<typeof SigninRequest>

export const SignupRequest = z.object({ email: Email, password: NewPassword })
export type SignupRequest = z.input<typeof SignupRequest>

/**
 * Sign-in and sign-up answer. `token` is the bearer token (stored as authToken), `sessionId` identifies the
 * session. `error` is kept for the spec's clients; our server answers failures with 4xx `{ detail }` instead.
 */
export const AuthResponse = z.object({
  token: z.string().min(1),
  sessionId: z.string().min(1),
  error: z.string().optional(),
})
export type AuthResponse = z.infer<typeof AuthResponse>

export const ForgotPasswordRequest = z.object({ email: Email })
export type ForgotPasswordRequest = z.input<typeof ForgotPasswordRequest>

export const ResetPasswordRequest = z
  .object({
    token: z.string({ error: RESET_TOKEN_REQUIRED }).trim().min(1, RESET_TOKEN_REQUIRED).max(500),
    password: NewPassword,
    confirmPassword: z.string({ error: PASSWORD_REQUIRED }).min(1, PASSWORD_REQUIRED),
  })
  .refine((body) => typeof body.password !== 'string' || body.password === body.confirmPassword, {
    message: PASSWORDS_DO_NOT_MATCH,
    path: ['confirmPassword'],
  })
export type ResetPasswordRequest = z.input<typeof ResetPasswordRequest>

export const ChangePasswordRequest = z
  .object({
    currentPassword: z.string({ error: CURRENT_PASSWORD_REQUIRED }).min(1, CURRENT_PASSWORD_REQUIRED),
    newPassword: NewPassword,
    confirmPassword: z.string({ error: PASSWORD_REQUIRED }).min(1, PASSWORD_REQUIRED),
  })
  .refine((body) => typeof body.newPassword !== 'string' || body.newPassword === body.confirmPassword, {
    message: PASSWORDS_DO_NOT_MATCH,
    path: ['confirmPassword'],
  })
export type ChangePasswordRequest = z.input<typeof ChangePasswordRequest>

/** The Google popup's message to its opener; accepted only from the panel's own origin. */
export const GooglePopupMessage = z.object({
  type: z.string(),
  jwtToken: z.string().optional(),
  sessionId: z.string().optional(),
  newUser: z.boolean().optional(),
  /** The account has two-factor sign-in: no session yet, the code goes to /api/signin/two-factor. */
  twoFactorChallenge: z.string().optional(),
  error: z.string().optional(),
})
export type GooglePopupMessage = z.infer<typeof GooglePopupMessage>
