import {
  AdminAuditResponse,
  AdminTicketsResponse,
  AdminTicketThread,
  CURSOR_INVALID,
  ListTicketsResponse,
  OPERATOR_FORBIDDEN,
  type Order,
  TICKET_ASSIGNEE_NOT_OPERATOR,
  TICKET_MESSAGE_REQUIRED,
  TICKET_NOT_FOUND,
  TICKET_ORDER_NOT_YOURS,
  TICKET_SUBJECT_TOO_LONG,
  TicketThread,
} from '@engage/contract'
import { beforeEach, afterEach, describe, expect, it } from 'vitest'
import { invalidatePanelContent } from '../src/domain/panel-content'
import { authed, createTestApp, fund, signUp, type SignedUp, type TestApp } from './support/app'
import { sendNotificationMail } from './support/notification-mail'
import { operatorHelpers } from './support/operators'
import { addService, uniqueLink } from './support/services'

// Support tickets end to end through the API, on SQLite and PostgreSQL: a customer sees only their own
// tickets and may tie one only to their own order; the status follows who wrote last; operators answer,
// assign, close and reopen with an audit entry each; and every mail the rules promise lands in mail_outbox
// with a link to the ticket.

let t: TestApp
let customer: SignedUp
let operator: SignedUp

const SUPPORT_MAILBOX = 'help@panel.test'

const { withRole, call, refusal } = operatorHelpers(() => t)

beforeEach(async () => {
  t = await createTestApp()
  customer = await signUp(t)
  operator = await withRole('support')
  // The support mailbox the Contact Us tab lists: where a ticket nobody has taken is announced.
  await t.db
    .insertInto('contact_methods')
    .values({
      icon: 'mail',
      title: 'Support e-mail',
      value: SUPPORT_MAILBOX,
      text: '',
      url: `mailto:${SUPPORT_MAILBOX}`,
      sort_order: 1,
    })
    .execute()
  invalidatePanelContent(t.db)
})
afterEach(() => t.close())

function openTicket(owner: SignedUp, body: Record<string, unknown>) {
  return call(owner.token, 'POST', '/api/support/tickets', TicketThread, body, 201)
}

async function placeOrder(owner: SignedUp): Promise<Order> {
  const service = `followers_${String(owner.userId)}`
  await addService(t.db, service, 1_000_000)
  await fund(t.db, owner.userId, 10)
  const response = await t.app.request('/api/orders/create', {
    method: 'POST',
    headers: authed(owner.token),
    body: JSON.stringify({ service_type: service, target_url: uniqueLink(), quantity: 100 }),
  })
  expect(response.status).toBe(201)
  return (await response.json()) as Order
}

function mails() {
  return t.db.selectFrom('mail_outbox').selectAll().orderBy('id').execute()
}

describe('a customer’s tickets', () => {
  it('opens a ticket about one of their orders, sees it in their list and its thread, and support is mailed', async () => {
    const order = await placeOrder(customer)
    const opened = await openTicket(customer, {
      subject: '  Order   stuck\nat pending ',
      message: 'Hello,\r\nmy order has not started.\n\nThanks',
      order_id: order.id,
    })
    expect(opened).toMatchObject({
      subject: 'Order stuck at pending',
      status: 'open',
      order_id: order.id,
      created_at: new Date(t.clock.now()).toISOString(),
    })
    expect(opened.messages).toEqual([
      expect.objectContaining({ author: 'customer', body: 'Hello,\nmy order has not started.\n\nThanks' }),
    ])

    const list = await call(customer.token, 'GET', '/api/support/tickets', ListTicketsResponse)
    expect(list.tickets.map((ticket) => ticket.id)).toEqual([opened.id])
    const thread = await call(customer.token, 'GET', `/api/support/tickets/${opened.id}`, TicketThread)
    expect(thread).toEqual(opened)

    const [mail] = await mails()
    expect(mail).toMatchObject({
      to_address: SUPPORT_MAILBOX,
      subject: `New ticket: Ticket #${opened.id}: Order stuck at pending`,
    })
    expect(mail?.body).toContain(`${customer.email} opened a ticket about order ${order.id}`)
    expect(mail?.body).toContain('my order has not started.')
    expect(mail?.body).toContain(`http://panel.test/admin/tickets/${opened.id}`)
  })

  it('refuses an order of another customer, or one that does not exist, by the order field', async () => {
    const stranger = await signUp(t)
    const theirs = await placeOrder(stranger)
    for (const orderId of [theirs.id, '999999', 'abc']) {
      expect(
        await refusal(customer.token, 'POST', '/api/support/tickets', {
          subject: 'Help',
          message: 'About this order',
          order_id: orderId,
        }),
      ).toEqual({ status: 422, detail: `order_id: ${TICKET_ORDER_NOT_YOURS}`, field: 'order_id' })
    }
    expect(await t.db.selectFrom('support_tickets').selectAll().execute()).toEqual([])
    expect(await mails()).toEqual([])
  })

  it('answers 404 for another customer’s ticket, a missing one and a malformed id, and changes nothing', async () => {
    const theirs = await openTicket(await signUp(t), { subject: 'Mine', message: 'Private' })
    for (const id of [theirs.id, '999999', 'x1']) {
      for (const [method, path, body] of [
        ['GET', `/api/support/tickets/${id}`, undefined],
        ['POST', `/api/support/tickets/${id}/reply`, { message: 'Let me in' }],
        ['POST', `/api/support/tickets/${id}/close`, undefined],
      ] as const) {
        expect(await refusal(customer.token, method, path, body)).toEqual({
          status: 404,
          detail: TICKET_NOT_FOUND,
        })
      }
    }
    const list = await call(customer.token, 'GET', '/api/support/tickets', ListTicketsResponse)
    expect(list.tickets).toEqual([])
    const stored = await t.db.selectFrom('support_messages').selectAll().execute()
    expect(stored.map((message) => message.body)).toEqual(['Private'])
  })

  it('refuses a blank message and a subject past 150 characters with the contract’s texts', async () => {
    expect(
      await refusal(customer.token, 'POST', '/api/support/tickets', {
        subject: 'x'.repeat(151),
        message: 'Hi',
      }),
    ).toEqual({ status: 422, detail: `subject: ${TICKET_SUBJECT_TOO_LONG}`, field: 'subject' })
    expect(
      await refusal(customer.token, 'POST', '/api/support/tickets', { subject: 'Hi', message: ' \n ' }),
    ).toEqual({ status: 422, detail: `message: ${TICKET_MESSAGE_REQUIRED}`, field: 'message' })
    expect(await refusal(customer.token, 'GET', '/api/support/tickets?cursor=abc')).toMatchObject({
      status: 422,
      detail: `cursor: ${CURSOR_INVALID}`,
    })
  })

  it('pages the list newest first', async () => {
    const ids: string[] = []
    for (const subject of ['First', 'Second', 'Third']) {
      ids.push((await openTicket(customer, { subject, message: 'Text' })).id)
    }
    const first = await call(customer.token, 'GET', '/api/support/tickets?limit=2', ListTicketsResponse)
    expect(first.tickets.map((ticket) => ticket.subject)).toEqual(['Third', 'Second'])
    const rest = await call(
      customer.token,
      'GET',
      `/api/support/tickets?limit=2&cursor=${String(first.nextCursor)}`,
      ListTicketsResponse,
    )
    expect(rest).toEqual({ tickets: [expect.objectContaining({ id: ids[0] })], nextCursor: null })
  })
})

describe('the status and the mails follow who wrote last', () => {
  it('answered after an operator’s reply, open after the customer’s, closed by either side, open again on a customer reply', async () => {
    const ticket = await openTicket(customer, { subject: 'Refund?', message: 'Can I get a refund?' })
    const ticketPath = `/api/admin/tickets/${ticket.id}`

    const answered = await call(operator.token, 'POST', `${ticketPath}/reply`, AdminTicketThread, {
      message: 'Yes:\nwe refunded it.',
    })
    expect(answered.status).toBe('answered')
    expect(answered.messages.at(-1)).toMatchObject({
      author: 'operator',
      author_email: operator.email,
      body: 'Yes:\nwe refunded it.',
    })
    const seen = await call(customer.token, 'GET', `/api/support/tickets/${ticket.id}`, TicketThread)
    expect(seen.status).toBe('answered')
    expect(seen.messages.map((message) => message.author)).toEqual(['customer', 'operator'])
    // The customer's view names no operator.
    expect(JSON.stringify(seen)).not.toContain(operator.email)

    // The reply is in the customer's notifications, and e-mailed (the switch is on by default).
    const listed = await t.app.request('/api/notifications', { headers: authed(customer.token) })
    expect(JSON.stringify(await listed.json())).toContain(`Support replied: Ticket #${ticket.id}: Refund?`)
    await sendNotificationMail(t)
    const customerMail = (await mails()).at(-1)
    expect(customerMail).toMatchObject({
      to_address: customer.email,
      subject: `Support replied: Ticket #${ticket.id}: Refund?`,
    })
    expect(customerMail?.body).toContain('Yes:\nwe refunded it.')
    expect(customerMail?.body).toContain(`http://panel.test/support/${ticket.id}`)

    // Assigned, the operator is mailed instead of the mailbox.
    await call(operator.token, 'POST', `${ticketPath}/assign`, AdminTicketThread, {
      assignee_id: String(operator.userId),
    })
    const reopened = await call(
      customer.token,
      'POST',
      `/api/support/tickets/${ticket.id}/reply`,
      TicketThread,
      {
        message: 'Thanks, one more question.',
      },
    )
    expect(reopened.status).toBe('open')
    expect((await mails()).at(-1)).toMatchObject({
      to_address: operator.email,
      subject: `Customer replied: Ticket #${ticket.id}: Refund?`,
    })

    const closedByCustomer = await call(
      customer.token,
      'POST',
      `/api/support/tickets/${ticket.id}/close`,
      TicketThread,
    )
    expect(closedByCustomer.status).toBe('closed')
    const mailsAfterCustomerClose = (await mails()).length
    const again = await call(
      customer.token,
      'POST',
      `/api/support/tickets/${ticket.id}/reply`,
      TicketThread,
      {
        message: 'Actually, it happened again.',
      },
    )
    expect(again.status).toBe('open')
    expect(await mails()).toHaveLength(mailsAfterCustomerClose + 1)

    const closedByOperator = await call(operator.token, 'POST', `${ticketPath}/close`, AdminTicketThread, {
      reason: 'Solved',
    })
    expect(closedByOperator.status).toBe('closed')
    expect((await mails()).at(-1)).toMatchObject({
      to_address: customer.email,
      subject: `Ticket closed: Ticket #${ticket.id}: Refund?`,
    })
    // Closing a closed ticket changes nothing and mails nobody.
    const count = (await mails()).length
    await call(operator.token, 'POST', `${ticketPath}/close`, AdminTicketThread, {})
    expect(await mails()).toHaveLength(count)

    const reopenedByOperator = await call(
      operator.token,
      'POST',
      `${ticketPath}/reopen`,
      AdminTicketThread,
      {},
    )
    expect(reopenedByOperator.status).toBe('open')

    const { entries } = await call(
      operator.token,
      'GET',
      `/api/admin/audit?target=ticket:${ticket.id}`,
      AdminAuditResponse,
    )
    expect(entries.map((entry) => entry.action)).toEqual([
      'ticket.reopen',
      'ticket.close',
      'ticket.assign',
      'ticket.reply',
    ])
    expect(entries[1]).toMatchObject({
      actor_email: operator.email,
      before: { status: 'open' },
      after: { status: 'closed' },
      reason: 'Solved',
    })
  })

  it('mails nobody when a customer closes, nor when support has neither an assignee nor a mailbox', async () => {
    await t.db.deleteFrom('contact_methods').execute()
    invalidatePanelContent(t.db)
    const ticket = await openTicket(customer, { subject: 'Quiet', message: 'No mailbox' })
    await call(customer.token, 'POST', `/api/support/tickets/${ticket.id}/close`, TicketThread)
    expect(await mails()).toEqual([])
  })
})

describe('the console’s queue', () => {
  it('filters by status and assignee (an id, me or none) and names the customer and the assignee', async () => {
    const admin = await withRole('admin')
    const first = await openTicket(customer, { subject: 'One', message: 'Text' })
    const second = await openTicket(customer, { subject: 'Two', message: 'Text' })
    const third = await openTicket(customer, { subject: 'Three', message: 'Text' })
    await call(operator.token, 'POST', `/api/admin/tickets/${first.id}/assign`, AdminTicketThread, {
      assignee_id: String(operator.userId),
    })
    await call(admin.token, 'POST', `/api/admin/tickets/${second.id}/reply`, AdminTicketThread, {
      message: 'Done',
    })

    const ids = async (query: string, token = operator.token) =>
      (await call(token, 'GET', `/api/admin/tickets${query}`, AdminTicketsResponse)).tickets.map(
        (ticket) => ticket.id,
      )
    expect(await ids('')).toEqual([third.id, second.id, first.id])
    expect(await ids('?status=open')).toEqual([third.id, first.id])
    expect(await ids('?status=answered')).toEqual([second.id])
    expect(await ids('?assignee=me')).toEqual([first.id])
    expect(await ids('?assignee=me', admin.token)).toEqual([])
    expect(await ids(`?assignee=${String(operator.userId)}`, admin.token)).toEqual([first.id])
    expect(await ids('?assignee=none')).toEqual([third.id, second.id])

    const { tickets } = await call(
      operator.token,
      'GET',
      '/api/admin/tickets?assignee=me',
      AdminTicketsResponse,
    )
    expect(tickets[0]).toMatchObject({
      user_id: String(customer.userId),
      user_email: customer.email,
      assignee_id: String(operator.userId),
      assignee_email: operator.email,
    })
  })

  it('assigns only to an enabled support or admin account, and unassigns with null', async () => {
    const ticket = await openTicket(customer, { subject: 'Assign', message: 'Text' })
    const path = `/api/admin/tickets/${ticket.id}/assign`
    for (const assignee of [String(customer.userId), '999999', 'abc']) {
      expect(await refusal(operator.token, 'POST', path, { assignee_id: assignee })).toEqual({
        status: 422,
        detail: `assignee_id: ${TICKET_ASSIGNEE_NOT_OPERATOR}`,
        field: 'assignee_id',
      })
    }
    const other = await withRole('admin')
    expect(
      (await call(operator.token, 'POST', path, AdminTicketThread, { assignee_id: String(other.userId) }))
        .assignee_email,
    ).toBe(other.email)
    expect(
      (await call(operator.token, 'POST', path, AdminTicketThread, { assignee_id: null })).assignee_id,
    ).toBeNull()
  })

  it('is closed to customers, and a missing ticket is 404', async () => {
    const ticket = await openTicket(customer, { subject: 'Mine', message: 'Text' })
    expect(await refusal(customer.token, 'GET', '/api/admin/tickets')).toEqual({
      status: 403,
      detail: OPERATOR_FORBIDDEN,
    })
    expect(
      await refusal(customer.token, 'POST', `/api/admin/tickets/${ticket.id}/reply`, {
        message: 'Answering myself',
      }),
    ).toEqual({ status: 403, detail: OPERATOR_FORBIDDEN })
    expect(await refusal(operator.token, 'GET', '/api/admin/tickets/999999')).toEqual({
      status: 404,
      detail: TICKET_NOT_FOUND,
    })
    expect(await t.db.selectFrom('support_messages').selectAll().execute()).toHaveLength(1)
  })
})
