export {
  createSmmClient,
  maximumOrdersPerCall,
  type SmmAddRequest,
  type SmmBalance,
  type SmmCatalogue,
  type SmmCancelResult,
  type SmmClient,
  type SmmClientOptions,
  type SmmOrderStatus,
  type SmmOrderStatusResult,
  type SmmService,
  type SmmSkippedService,
} from './client'
export { SmmRejectedError, SmmTransientError } from './errors'
export { mapUpstreamStatus, type UpstreamOrderStatus } from './status'
