// The shape of an operator registry entry (adminEndpoints.ts): a registry entry whose role is required.

import type { EndpointDefinition } from './endpointDefinition'
import type * as schemas from './schemas'

/** An operator endpoint: an EndpointDefinition whose `role` is required. */
export type AdminEndpointDefinition = EndpointDefinition & { role: schemas.OperatorRole }
