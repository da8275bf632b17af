import type { Order as ApiOrder } from '@engage/contract'
import type { Db } from '../db/connect'
import type { Order } from '../db/schema'
import { toApiOrdersWithAi } from './ai-generation'
import { refillFieldsOf } from './refills'

// The customer's orders as the order calls answer them: the order (toApiOrder), its AI texts and progress
// when it is an AI order, and its refill window and latest refill.

export async function toApiOrders(db: Db, orders: readonly Order[], now: number): Promise<ApiOrder[]> {
  const [answers, refills] = await Promise.all([
    toApiOrdersWithAi(db, orders),
    refillFieldsOf(db, orders, now),
  ])
  return answers.map((answer, index) => {
    const order = orders[index]
    return order ? { ...answer, ...refills.get(order.id) } : answer
  })
}

export async function toApiOrderAnswer(db: Db, order: Order, now: number): Promise<ApiOrder> {
  const [answer] = await toApiOrders(db, [order], now)
  if (!answer) throw new Error('toApiOrders answered no order')
  return answer
}
