// Accounts of every role.

import type { AdminUser } from '@engage/contract'
import { fixtureProfile, hoursBefore } from '../fixtures'
import { FIXTURE_CUSTOMER_ID, fixtureAdminMe, fixtureSupportMe } from './operators'

export function fixtureAdminUsers(): AdminUser[] {
  const user = (
    fields: Omit<AdminUser, 'disabled' | 'disabled_at' | 'created_at'> & {
      hoursAgo: number
      disabledHoursAgo?: number
    },
  ): AdminUser => {
    const { hoursAgo, disabledHoursAgo, ...rest } = fields
    return {
      ...rest,
      disabled: disabledHoursAgo !== undefined,
      disabled_at: disabledHoursAgo === undefined ? null : hoursBefore(disabledHoursAgo),
      created_at: hoursBefore(hoursAgo),
    }
  }
  return [
    user({
      id: '7',
      email: 'spam.bot@mailinator.example',
      username: 'spam.bot',
      role: 'customer',
      balance: 0,
      hoursAgo: 30,
      disabledHoursAgo: 20,
    }),
    user({
      id: '6',
      email: 'lena.fischer@example.de',
      username: 'lena.fischer',
      role: 'customer',
      balance: 112.4,
      hoursAgo: 200,
    }),
    user({
      id: '5',
      email: 'marco.rossi@example.it',
      username: 'marco.rossi',
      role: 'customer',
      balance: 8.75,
      hoursAgo: 400,
    }),
    user({
      id: '4',
      email: fixtureSupportMe.email,
      username: fixtureSupportMe.username,
      role: 'support',
      balance: 0,
      hoursAgo: 900,
    }),
    user({
      id: '3',
      email: 'priya.shah@example.com',
      username: 'priya.shah',
      role: 'customer',
      balance: 245,
      hoursAgo: 1200,
    }),
    user({
      id: FIXTURE_CUSTOMER_ID,
      email: fixtureProfile.email,
      username: fixtureProfile.username,
      role: 'customer',
      balance: 50,
      hoursAgo: 1500,
    }),
    user({
      id: '1',
      email: fixtureAdminMe.email,
      username: fixtureAdminMe.username,
      role: 'admin',
      balance: 0,
      hoursAgo: 2000,
    }),
  ]
}
