import type { AdminTicketThread, TicketThread } from '@engage/contract'
import { fixtureProfile, fixtureTickets } from '../fixtures'
import { FIXTURE_CUSTOMER_ID, fixtureAdminMe, fixtureSupportMe } from './operators'

// The support queue: the demo customer's tickets as the console sees them, the answered one taken by the
// support account.

function asAdmin(ticket: TicketThread, assignee: { id: string; email: string } | null): AdminTicketThread {
  return {
    ...ticket,
    user_id: FIXTURE_CUSTOMER_ID,
    user_email: fixtureProfile.email,
    assignee_id: assignee?.id ?? null,
    assignee_email: assignee?.email ?? null,
    messages: ticket.messages.map((message) => ({
      ...message,
      author_email: message.author === 'customer' ? fixtureProfile.email : fixtureSupportMe.email,
    })),
  }
}

export function fixtureAdminTickets(): AdminTicketThread[] {
  const [open, answered, closed] = fixtureTickets()
  return [
    ...(open ? [asAdmin(open, null)] : []),
    ...(answered ? [asAdmin(answered, fixtureSupportMe)] : []),
    ...(closed ? [asAdmin(closed, fixtureAdminMe)] : []),
  ]
}
