import { canCall, useAdminMe, type AdminEndpointName } from '@engage/client'

/**
 * The signed-in operator's role and what it may do, from GET /api/admin/me. Until the answer arrives, nothing
 * is allowed: a support account never sees an admin's control flash by.
 */
export function useOperator() {
  const me = useAdminMe()
  const role = me.data?.role ?? null
  return {
    role,
    /** Whether the role may make the call (the contract registry's `role` of the endpoint). */
    can: (name: AdminEndpointName) => canCall(role, name),
  }
}
