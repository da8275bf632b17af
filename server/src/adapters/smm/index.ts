export {
  createSmmClient,
  maximumOrdersPerCall,
  type SmmClient,
  type SmmOrderStatus,
  type SmmService,
  type SmmSkippedService,
} from './client'
export { SmmRejectedError, SmmTransientError } from './errors'
export { mapUpstreamStatus } from './status'
