// The operator console's endpoints (/api/admin/...), kept apart from the customer registry in endpoints.ts so
// that customer pages, the widget and the mocks of customer screens never carry the console's schemas: only the
// server, the admin client and the admin mocks import this module. Each entry names the least role it needs
// (ADR 070). The helper types of registry.ts (EndpointResponse, EndpointRequest, ...) take these names too.
// The entries are declared by area in the admin*Endpoints.ts modules beside this one; their order here is the
// order of the console's calls in the OpenAPI document.

import type { AdminEndpointDefinition } from './adminEndpointDefinition'
import { adminAccountEndpoints } from './adminAccountEndpoints'
import { adminCatalogueEndpoints } from './adminCatalogueEndpoints'
import { adminContentEndpoints } from './adminContentEndpoints'
import { adminOperationsEndpoints } from './adminOperationsEndpoints'
import { adminOperatorEndpoints } from './adminOperatorEndpoints'
import { adminOrderEndpoints } from './adminOrderEndpoints'

export const adminEndpoints = {
  ...adminOperatorEndpoints,
  ...adminCatalogueEndpoints,
  ...adminAccountEndpoints,
  ...adminOrderEndpoints,
  ...adminContentEndpoints,
  ...adminOperationsEndpoints,
} as const satisfies Record<string, AdminEndpointDefinition>

export type AdminEndpointName = keyof typeof adminEndpoints
