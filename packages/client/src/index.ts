export { createClient, type Client, type ClientOptions, type Page, type PageOptions } from './createClient'
export { ApiError, isApiError, isSessionEndingError, type ApiErrorKind } from './errors'
export { DEFAULT_RETRY_DELAYS, type FetchFunction, type RetryDelays, type Sleep } from './transport'
export {
  normaliseAiSetting,
  normaliseOrder,
  normaliseOrders,
  normaliseUser,
  type NormalisedOrder,
  type NormalisedRefill,
  type NormalisedUser,
} from './normalise'
export { queryKeys, userScopedKeys } from './queryKeys'
export { ClientProvider, useClient, type ClientProviderProps } from './react/ClientProvider'
export {
  servicesQuery,
  useMe,
  useOrders,
  useProfileTimezone,
  useServiceLimits,
  useServiceListings,
  useServices,
  useSubscriptions,
} from './react/queries'
export {
  useAiPreview,
  useCancelOrder,
  useCancelSubscription,
  useCreateMassOrder,
  useCreateOrder,
  useCreateSubscription,
  useDeleteAiSetting,
  useFetchModels,
  useLogout,
  useRequestRefill,
  useRetryAllOrders,
  useRetryOrder,
  useSaveAiSettings,
} from './react/mutations'
export {
  useChangePassword,
  useCreateApiKey,
  useCreatePayment,
  useForgotPassword,
  useResetPassword,
  useRevokeApiKey,
  useSignin,
  useSignup,
  useUpdateProfile,
} from './react/accountMutations'
export { pollUnlessLive, useLiveUpdates } from './react/live'
export {
  useConfirmTwoFactor,
  useDisableTwoFactor,
  useRevokeOtherSessions,
  useRevokeSession,
  useSessions,
  useSigninTwoFactor,
  useStartTwoFactor,
  useTwoFactorStatus,
} from './react/security'
export { useCloseTicket, useCreateTicket, useReplyTicket, useTicket, useTickets } from './react/support'
export {
  useMarkAllNotificationsRead,
  useMarkNotificationRead,
  useNotificationPreferences,
  useNotifications,
  useUpdateNotificationPreferences,
} from './react/notifications'
export {
  useAcceptInvitation,
  useActivity,
  useInvitation,
  useInvitations,
  useInviteMember,
  useLeaveWorkspace,
  useMembers,
  useRemoveMember,
  useRevokeInvitation,
  useSwitchWorkspace,
  useUpdateMember,
  useWorkspaces,
} from './react/workspaces'
export {
  useAffiliates,
  useAnalytics,
  useAnalyticsDelivery,
  useApiKeys,
  useAuthProviders,
  usePaymentMethods,
  usePaymentStatus,
  useServiceCatalogue,
  useTransactions,
} from './react/later'
export * from './admin'
export * from './react/admin'
