// The operators the console is signed in as, and the demo customer's id among the accounts.

import type { AdminMeResponse } from '@engage/contract'

/** The operator the console is signed in as, in each role. */
export const fixtureAdminMe: AdminMeResponse = {
  id: '1',
  email: 'operator@engage-panel.test',
  username: 'operator',
  role: 'admin',
}
export const fixtureSupportMe: AdminMeResponse = {
  id: '4',
  email: 'sam.support@engage-panel.test',
  username: 'sam.support',
  role: 'support',
}

/** The demo customer's id among the fixture accounts. */
export const FIXTURE_CUSTOMER_ID = '2'
