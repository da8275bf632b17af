export * from './TicketMessages'
export * from './TicketReplyForm'
export * from './TicketStatusBadge'
