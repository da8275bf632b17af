// The customer calls of the pages and parts the first page does not load (signing in and up, Settings' tabs,
// the AI settings dialog, deposits, the mass order and subscription tabs, notifications, support, affiliates,
// analytics, workspaces and invitations): declared like the others and
// registered, documented and mocked from the whole registry (endpoints.ts), but kept apart so that the first
// page and the order widget do not download their declarations and schemas. The client loads this module the
// first time one of these calls is made (loadPageEndpoints). The calls are declared by feature in the modules
// imported below; only this module imports them, so they travel in its chunk. Their order here is their order
// in the OpenAPI document.

import type { EndpointDefinition } from './endpointDefinition'
import { accountEndpoints } from './accountEndpoints'
import { inboxAndReportsEndpoints } from './inboxAndReportsEndpoints'
import { orderingEndpoints } from './orderingEndpoints'
import { securityEndpoints } from './securityEndpoints'
import { workspaceEndpoints } from './workspaceEndpoints'

export const pageEndpoints = {
  ...accountEndpoints,
  ...orderingEndpoints,
  ...securityEndpoints,
  ...inboxAndReportsEndpoints,
  ...workspaceEndpoints,
} as const satisfies Record<string, EndpointDefinition>

export type PageEndpoints = typeof pageEndpoints
export type PageEndpointName = keyof PageEndpoints
