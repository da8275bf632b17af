// GET /api/auth/providers, and the texts of the Google sign-in popup (GET /api/signin/google). The popup's
// message itself is GooglePopupMessage (./auth): { type: 'google-auth', jwtToken, sessionId, newUser, error }.

import * as z from 'zod'

/** Which sign-in providers the server has configured; the panel shows the Google button as unavailable otherwise. */
export const AuthProvidersResponse = z.object({ google: z.boolean() })
export type AuthProvidersResponse = z.infer<typeof AuthProvidersResponse>

/** The `type` of every message the Google popup posts to its opener. */
export const GOOGLE_AUTH_MESSAGE_TYPE = 'google-auth'

// House texts: the popup posts one of these as `error`, and the panel shows it as it is.
export const GOOGLE_NOT_CONFIGURED = 'Google sign-in is not configured'
export const GOOGLE_UNAVAILABLE = 'Google sign-in is unavailable right now. Please try again later.'
export const GOOGLE_CANCELLED = 'Google sign-in was cancelled.'
export const GOOGLE_REQUEST_EXPIRED = 'This Google sign-in has expired or was already used. Please try again.'
export const GOOGLE_CODE_REJECTED = 'Google did not confirm the sign-in. Please try again.'
export const GOOGLE_TOKEN_INVALID = 'Google sign-in failed: the answer from Google could not be verified.'
export const GOOGLE_EMAIL_NOT_VERIFIED = 'Your Google account has no verified email address.'
export const GOOGLE_ACCOUNT_LINKED_ELSEWHERE = 'This email is already linked to another Google account.'
export const GOOGLE_ACCOUNT_DISABLED = 'This account is disabled.'
