export * from './NewTicketForm'
export * from './Support'
