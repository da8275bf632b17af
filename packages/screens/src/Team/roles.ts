import type { WorkspaceRole } from '@engage/contract'

/** How each role reads in the panel, and what it may do. */
export const ROLE_LABELS: Readonly<Record<WorkspaceRole, string>> = {
  owner: 'Owner',
  admin: 'Admin',
  member: 'Member',
  viewer: 'Viewer',
}

export const ROLE_DESCRIPTIONS: Readonly<Record<WorkspaceRole, string>> = {
  owner: 'Everything, including making other owners',
  admin: 'Manages members and billing',
  member: 'Places and cancels orders, uses AI settings',
  viewer: 'Reads only',
}

export const roleOptions = (['owner', 'admin', 'member', 'viewer'] as const).map((role) => ({
  id: role,
  label: ROLE_LABELS[role],
}))
