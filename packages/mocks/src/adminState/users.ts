import {
  ADMIN_BALANCE_BELOW_ZERO,
  ADMIN_LAST_ADMIN,
  type AdminLedgerEntry,
  USER_NOT_FOUND,
} from '@engage/contract'
import { MockRefusal } from '../state'
import { addUsd, type AdminMockState, audit, type Body, find, nowIso } from './store'

// Users.

export function userDetail(state: AdminMockState, id: string) {
  const user = find(state.users, id, USER_NOT_FOUND)
  const ledger = state.ledger.get(id) ?? []
  return {
    user,
    ledger_sum: ledger.reduce((sum, entry) => addUsd(sum, entry.amount), 0),
    active_sessions: user.disabled ? 0 : 2,
    ledger: ledger.slice(0, 50),
    orders: state.orders.filter((order) => order.user_id === id).slice(0, 50),
  }
}

export function adjustBalance(state: AdminMockState, id: string, body: Body<'adminAdjustBalance'>) {
  const before = find(state.users, id, USER_NOT_FOUND)
  const ledger = state.ledger.get(id) ?? []
  const repeated = ledger.find((entry) => entry.id === `adj-${body.idempotency_key}`)
  if (repeated) return { user: before, entry: repeated }
  const balance = addUsd(before.balance, body.amount)
  if (balance < 0) throw new MockRefusal(409, ADMIN_BALANCE_BELOW_ZERO, 'amount')
  const entry: AdminLedgerEntry = {
    id: `adj-${body.idempotency_key}`,
    created_at: nowIso(state),
    amount: body.amount,
    kind: 'adjustment',
    reference: `adjustment:${id}:${body.idempotency_key}`,
    note: body.reason,
  }
  state.ledger.set(id, [entry, ...ledger])
  const user = { ...before, balance }
  state.users = state.users.map((candidate) => (candidate.id === id ? user : candidate))
  audit(state, 'user.adjust_balance', `user:${id}`, { balance: before.balance }, { balance }, body.reason)
  return { user, entry }
}

export function setUserRole(state: AdminMockState, id: string, body: Body<'adminSetUserRole'>) {
  const before = find(state.users, id, USER_NOT_FOUND)
  const admins = state.users.filter((user) => user.role === 'admin' && !user.disabled)
  if (before.role === 'admin' && body.role !== 'admin' && admins.length <= 1) {
    throw new MockRefusal(409, ADMIN_LAST_ADMIN)
  }
  const user = { ...before, role: body.role }
  state.users = state.users.map((candidate) => (candidate.id === id ? user : candidate))
  audit(state, 'user.set_role', `user:${id}`, { role: before.role }, { role: body.role }, body.reason)
  return { user }
}

export function setUserDisabled(state: AdminMockState, id: string, disabled: boolean, reason: string | null) {
  const before = find(state.users, id, USER_NOT_FOUND)
  const user = { ...before, disabled, disabled_at: disabled ? nowIso(state) : null }
  state.users = state.users.map((candidate) => (candidate.id === id ? user : candidate))
  audit(
    state,
    disabled ? 'user.disable' : 'user.enable',
    `user:${id}`,
    { disabled: before.disabled },
    { disabled },
    reason,
  )
  return { user }
}
