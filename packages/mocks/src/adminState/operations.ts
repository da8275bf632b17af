import {
  ADMIN_JOB_NOT_DEAD,
  type AdminContactMethod,
  type AdminJob,
  type AdminPayment,
  type AdminUpdateResponse,
  CONTACT_METHOD_NOT_FOUND,
  JOB_NOT_FOUND,
  PAYMENT_NOT_FOUND,
  UPDATE_NOT_FOUND,
} from '@engage/contract'
import { MockRefusal } from '../state'
import { addUsd, type AdminMockState, audit, type Body, find, nextId, nowIso } from './store'

// Payments, content, jobs.

export function recheckPayment(state: AdminMockState, id: string, reason: string | null) {
  const before = find(state.payments, id, PAYMENT_NOT_FOUND)
  if (before.status !== 'pending') {
    return {
      payment: before,
      outcome: 'unchanged' as const,
      message: `Already ${before.status}: nothing to do`,
    }
  }
  const payment: AdminPayment = {
    ...before,
    status: 'completed',
    gateway_status: 'paid',
    amount_credited: before.amount_requested,
    credited_at: nowIso(state),
    updated_at: nowIso(state),
  }
  state.payments = state.payments.map((candidate) => (candidate.id === id ? payment : candidate))
  state.users = state.users.map((user) =>
    user.id === payment.user_id ? { ...user, balance: addUsd(user.balance, payment.amount_requested) } : user,
  )
  audit(
    state,
    'payment.recheck',
    `payment:${id}`,
    { status: before.status },
    { status: payment.status },
    reason,
  )
  return {
    payment,
    outcome: 'credited' as const,
    message: `The gateway reports it paid: $${payment.amount_requested.toFixed(2)} credited`,
  }
}

export function saveUpdate(
  state: AdminMockState,
  id: string | null,
  body: Body<'adminCreateUpdate'>,
): AdminUpdateResponse {
  const { reason, date, ...fields } = body
  if (id === null) {
    const update = { ...fields, id: nextId(state), date: date ?? nowIso(state) }
    state.updates.unshift(update)
    audit(state, 'update.create', `update:${update.id}`, null, update, reason)
    return update
  }
  const before = find(state.updates, id, UPDATE_NOT_FOUND)
  const update = { ...before, ...fields, date: date ?? before.date }
  state.updates = state.updates.map((candidate) => (candidate.id === id ? update : candidate))
  audit(state, 'update.update', `update:${id}`, before, update, reason)
  return update
}

export function deleteUpdate(state: AdminMockState, id: string, reason: string | null) {
  const before = find(state.updates, id, UPDATE_NOT_FOUND)
  state.updates = state.updates.filter((candidate) => candidate.id !== id)
  audit(state, 'update.delete', `update:${id}`, before, null, reason)
  return { message: `Update ${id} deleted` }
}

export function saveContactMethod(
  state: AdminMockState,
  id: string | null,
  body: Body<'adminCreateContactMethod'>,
): AdminContactMethod {
  const { reason, ...fields } = body
  const sorted = () => state.contactMethods.sort((a, b) => a.sort_order - b.sort_order)
  if (id === null) {
    const contact = { ...fields, id: nextId(state) }
    state.contactMethods.push(contact)
    sorted()
    audit(state, 'contact_method.create', `contact_method:${contact.id}`, null, contact, reason)
    return contact
  }
  const before = find(state.contactMethods, id, CONTACT_METHOD_NOT_FOUND)
  const contact = { ...before, ...fields }
  state.contactMethods = state.contactMethods.map((candidate) => (candidate.id === id ? contact : candidate))
  sorted()
  audit(state, 'contact_method.update', `contact_method:${id}`, before, contact, reason)
  return contact
}

export function deleteContactMethod(state: AdminMockState, id: string, reason: string | null) {
  const before = find(state.contactMethods, id, CONTACT_METHOD_NOT_FOUND)
  state.contactMethods = state.contactMethods.filter((candidate) => candidate.id !== id)
  audit(state, 'contact_method.delete', `contact_method:${id}`, before, null, reason)
  return { message: `Contact method ${id} deleted` }
}

export function jobsOf(state: AdminMockState) {
  const dead = state.jobs.filter((job) => job.status === 'dead')
  const queued = state.jobs.filter((job) => job.status === 'queued').length
  return {
    counts: { ...state.jobCounts, queued: state.jobCounts.queued + queued, dead: dead.length },
    dead,
  }
}

export function retryJob(state: AdminMockState, id: string, reason: string | null) {
  const before = find(state.jobs, id, JOB_NOT_FOUND)
  if (before.status !== 'dead') throw new MockRefusal(409, ADMIN_JOB_NOT_DEAD)
  const job: AdminJob = {
    ...before,
    status: 'queued',
    attempts: 0,
    run_at: nowIso(state),
    updated_at: nowIso(state),
  }
  state.jobs = state.jobs.map((candidate) => (candidate.id === id ? job : candidate))
  audit(state, 'job.retry', `job:${id}`, { status: 'dead' }, { status: 'queued' }, reason)
  return { job }
}

export function saveAffiliateSettings(state: AdminMockState, body: Body<'adminUpdateAffiliateSettings'>) {
  const before = state.affiliateSettings
  const after = {
    rate_basis_points: body.rate_basis_points,
    hold_days: body.hold_days,
    updated_at: nowIso(state),
  }
  state.affiliateSettings = after
  audit(state, 'affiliates.settings', 'affiliate_settings:1', before, after, body.reason)
  return after
}
