import { useNavigate, useParams, useSearchParams } from 'react-router'
import { Support, supportTicketHref } from '@engage/screens'

/**
 * /support: the customer's tickets (?order=1048 opens the new-ticket form with that order chosen, the order
 * card's "Get help with this order"); /support/{id}: a ticket's thread.
 */
export default function SupportPage() {
  const { ticketId } = useParams()
  const [searchParams] = useSearchParams()
  const navigate = useNavigate()
  return (
    <Support
      key={ticketId ?? 'list'}
      ticketId={ticketId ?? null}
      newTicketOrderId={searchParams.get('order')}
      onTicketOpened={(id) => void navigate(supportTicketHref(id))}
    />
  )
}
