// The later pages' calls about the account: signing in and up, password, profile, saved AI settings.

import type { EndpointDefinition } from './endpointDefinition'
import * as z from 'zod'
import * as schemas from './schemas'

export const accountEndpoints = {
  signin: {
    method: 'POST',
    path: '/api/signin',
    auth: false,
    summary:
      'Sign in with email and password; an account with two-factor sign-in answers a challenge for the code',
    request: schemas.SigninRequest,
    response: z.union([schemas.AuthResponse, schemas.TwoFactorChallengeResponse]),
  },
  signinTwoFactor: {
    method: 'POST',
    path: '/api/signin/two-factor',
    auth: false,
    summary: 'The second sign-in step: an authenticator code or a recovery code for the challenge',
    request: schemas.TwoFactorSigninRequest,
    response: schemas.AuthResponse,
  },
  signup: {
    method: 'POST',
    path: '/api/signup',
    auth: false,
    summary: 'Create an account and sign in',
    request: schemas.SignupRequest,
    response: schemas.AuthResponse,
  },
  forgotPassword: {
    method: 'POST',
    path: '/api/auth/forgot-password',
    auth: false,
    summary: 'Send a password reset link (same answer whether or not the email exists)',
    request: schemas.ForgotPasswordRequest,
    response: schemas.MessageResponse,
  },
  resetPassword: {
    method: 'POST',
    path: '/api/auth/reset-password',
    auth: false,
    summary: 'Set a new password with a reset token',
    request: schemas.ResetPasswordRequest,
    response: schemas.MessageResponse,
  },
  changePassword: {
    method: 'POST',
    path: '/api/auth/change-password',
    auth: true,
    workspaceRole: 'person',
    summary: 'Change the password (ends the other sessions)',
    request: schemas.ChangePasswordRequest,
    response: schemas.MessageResponse,
  },
  updateProfile: {
    method: 'PUT',
    path: '/api/user/profile',
    auth: true,
    workspaceRole: 'person',
    summary: 'Update email, phone or timezone',
    request: schemas.UpdateProfileRequest,
    response: schemas.UpdateProfileResponse,
  },
  saveAiSettings: {
    method: 'PUT',
    path: '/api/user/ai-settings',
    auth: true,
    workspaceRole: 'member',
    summary: 'Create or update AI settings (upsert by id; camelCase or snake_case)',
    request: schemas.SaveAiSettingsRequest,
    response: schemas.AiSettingsResponse,
  },
  deleteAiSetting: {
    method: 'DELETE',
    path: '/api/user/ai-settings/{id}',
    auth: true,
    workspaceRole: 'member',
    summary: 'Delete an AI setting (id matched case-insensitively)',
    params: schemas.IdParam,
    response: schemas.AiSettingsResponse,
  },
} as const satisfies Record<string, EndpointDefinition>
