export { createClient, type Client, type ClientOptions, type Page, type PageOptions } from './createClient'
export { ApiError, isApiError, isSessionEndingError, type ApiErrorKind } from './errors'
export { DEFAULT_RETRY_DELAYS, type FetchFunction, type RetryDelays, type Sleep } from './transport'
export {
  normaliseAiSetting,
  normaliseOrder,
  normaliseOrders,
  normaliseUser,
  type NormalisedOrder,
  type NormalisedUser,
} from './normalise'
export { queryKeys, userScopedKeys } from './queryKeys'
export { ClientProvider, useClient, type ClientProviderProps } from './react/ClientProvider'
export {
  servicesQuery,
  useApiKeys,
  useAuthProviders,
  useMe,
  useOrders,
  usePaymentMethods,
  usePaymentStatus,
  useProfileTimezone,
  useServiceCatalogue,
  useServiceLimits,
  useServiceListings,
  useServices,
  useSubscriptions,
  useTransactions,
} from './react/queries'
export {
  useAiPreview,
  useCancelOrder,
  useCancelSubscription,
  useChangePassword,
  useCreateApiKey,
  useCreateMassOrder,
  useCreateOrder,
  useCreatePayment,
  useCreateSubscription,
  useDeleteAiSetting,
  useFetchModels,
  useForgotPassword,
  useLogout,
  useResetPassword,
  useRetryAllOrders,
  useRetryOrder,
  useRevokeApiKey,
  useSaveAiSettings,
  useSignin,
  useSignup,
  useUpdateProfile,
} from './react/mutations'
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
export * from './admin'
export * from './react/admin'
