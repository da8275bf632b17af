// The console's calls about operators themselves: who is signed in, and the audit log of what operators did.

import type { AdminEndpointDefinition } from './adminEndpointDefinition'
import * as schemas from './schemas'

export const adminOperatorEndpoints = {
  adminMe: {
    method: 'GET',
    path: '/api/admin/me',
    auth: true,
    role: 'support',
    summary: 'The signed-in operator and their role',
    response: schemas.AdminMeResponse,
  },
  adminAudit: {
    method: 'GET',
    path: '/api/admin/audit',
    auth: true,
    role: 'support',
    summary: 'The audit log of operator actions, newest first, filtered by action, target or operator',
    query: schemas.AdminAuditQuery,
    response: schemas.AdminAuditResponse,
  },
} as const satisfies Record<string, AdminEndpointDefinition>
