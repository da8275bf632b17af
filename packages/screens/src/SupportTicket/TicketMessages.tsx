import type { TicketMessage } from '@engage/contract'
import {
  customerMessage,
  messageAuthor,
  messageBody,
  messageHeader,
  messageList,
  operatorMessage,
} from './SupportTicket.css'

export interface TicketMessagesProps<Message extends TicketMessage> {
  /** Oldest first. */
  messages: readonly Message[]
  /** Who wrote a message, as the reader knows them ('You', 'Support', an e-mail). */
  authorName: (message: Message) => string
  /** A message's time as the reader reads it. */
  formatDateTime: (iso: string) => string
}

/** A ticket's thread: each message with its author and time, its text as typed (never HTML). */
export function TicketMessages<Message extends TicketMessage>({
  messages,
  authorName,
  formatDateTime,
}: TicketMessagesProps<Message>) {
  return (
    <ol className={messageList} aria-label="Messages">
      {messages.map((message) => (
        <li key={message.id} className={message.author === 'operator' ? operatorMessage : customerMessage}>
          <div className={messageHeader}>
            <span className={messageAuthor}>{authorName(message)}</span>
            <time dateTime={message.created_at}>{formatDateTime(message.created_at)}</time>
          </div>
          <p className={messageBody}>{message.body}</p>
        </li>
      ))}
    </ol>
  )
}
