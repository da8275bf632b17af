// The updates and contact methods, as the console edits them.

import type { AdminContactMethod, AdminUpdateResponse } from '@engage/contract'
import { fixtureContactMethods, fixtureUpdates } from '../fixtures'

export function fixtureAdminUpdates(): AdminUpdateResponse[] {
  return fixtureUpdates().map((update, index) => ({ ...update, id: String(3 - index) }))
}

export function fixtureAdminContactMethods(): AdminContactMethod[] {
  return fixtureContactMethods().map((contact, index) => ({
    ...contact,
    id: String(index + 1),
    sort_order: index + 1,
  }))
}
