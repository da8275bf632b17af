import { type TicketStatus, ticketStatusLabel } from '@engage/contract'
import { Badge, type StatusTone } from '@engage/ui'

const tones: Record<TicketStatus, StatusTone> = { open: 'warning', answered: 'success', closed: 'neutral' }

/** A ticket's status in its colour: open (waiting for support) yellow, answered green, closed grey. */
export function TicketStatusBadge({ status }: { status: TicketStatus }) {
  return <Badge tone={tones[status]}>{ticketStatusLabel(status)}</Badge>
}
