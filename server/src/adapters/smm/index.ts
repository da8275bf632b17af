export { createSmmClient } from './client'
export {
  maximumOrdersPerCall,
  type SmmClient,
  type SmmOrderStatus,
  type SmmService,
  type SmmSkippedService,
} from './types'
export { SmmRejectedError, SmmTransientError } from './errors'
export { mapUpstreamStatus } from './status'
