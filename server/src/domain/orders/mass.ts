import { DUPLICATE_ACTIVE_ORDER } from '@engage/contract'
import type { Db } from '../../db/connect'
import type { Order, Service } from '../../db/schema'
import { defaultAiSettingRef, type OperatorAiKeys, requireAiSettingKey } from './ai-key'
import { type AiSettingSnapshot, resolveAiSettings, snapshotFromRow } from './ai-snapshot'
import { chargeOrder, checkServiceQuantity, insertPendingOrder, orderableService } from './charged-order'
import { OrderRefusal } from './refusals'

export interface MassOrderItemInput {
  type: string
  quantity: number
  url: string
  aiSettings?: readonly string[] | undefined
}

/** 'items[2].url', as the request validator names fields. */
function itemField(index: number, name: string): string {
  return `items[${index}].${name}`
}

/**
 * POST /api/orders/mass: every item becomes an order in one transaction, or none does. Items are checked
 * first (services, limits, repeated links, AI settings and their keys), so a bad item is refused before any money moves; a
 * balance that cannot cover the whole total refuses them all.
 */
export async function placeMassOrder(
  db: Db,
  input: {
    userId: number
    /** The workspace member who places them (their monthly limit, the activity log). */
    actorUserId?: number
    items: readonly MassOrderItemInput[]
    operatorAiKeys: OperatorAiKeys
    now: number
  },
): Promise<Order[]> {
  return db.transaction().execute(async (trx) => {
    const prepared: {
      index: number
      service: Service
      item: MassOrderItemInput
      aiSetting: AiSettingSnapshot | null
    }[] = []
    const seenLinks = new Map<string, number>()
    for (const [index, item] of input.items.entries()) {
      const service = await orderableService(trx, item.type, itemField(index, 'type'))
      checkServiceQuantity(service, item.quantity, itemField(index, 'quantity'))
      const linkKey = `${service.id} ${item.url}`
      if (seenLinks.has(linkKey))
        throw new OrderRefusal('invalid', DUPLICATE_ACTIVE_ORDER, itemField(index, 'url'))
      seenLinks.set(linkKey, index)
      let aiSetting: AiSettingSnapshot | null = null
      if (service.is_ai === 1 && item.aiSettings && item.aiSettings.length > 0) {
        const [first] = await resolveAiSettings(
          trx,
          input.userId,
          item.aiSettings,
          itemField(index, 'aiSettings'),
        )
        aiSetting = first ? snapshotFromRow(first) : null
      }
      if (service.is_ai === 1) {
        await requireAiSettingKey(
          trx,
          {
            userId: input.userId,
            setting: aiSetting ?? defaultAiSettingRef(input.now),
            operatorAiKeys: input.operatorAiKeys,
          },
          itemField(index, 'aiSettings'),
        )
      }
      prepared.push({ index, service, item, aiSetting })
    }
    // Rows go in by (service, link) and every debit comes after them: two mass orders of one customer that share
    // links then take their unique index entries in the same order and the balance row last, as
    // insertChargedOrder does, so neither can wait on the other in a cycle. Answers keep the request's order.
    const insertionOrder = [...prepared].sort(
      (left, right) =>
        left.service.id - right.service.id ||
        (left.item.url < right.item.url ? -1 : left.item.url > right.item.url ? 1 : 0),
    )
    const orderOfItem = new Map<number, Order>()
    for (const { index, service, item, aiSetting } of insertionOrder) {
      const order = await insertPendingOrder(
        trx,
        {
          userId: input.userId,
          service,
          targetUrl: item.url,
          quantity: item.quantity,
          aiSetting,
          now: input.now,
        },
        {
          serviceType: itemField(index, 'type'),
          quantity: itemField(index, 'quantity'),
          targetUrl: itemField(index, 'url'),
        },
      )
      orderOfItem.set(index, order)
    }
    const orders = prepared.flatMap(({ index }) => orderOfItem.get(index) ?? [])
    for (const order of orders) await chargeOrder(trx, order, input.now, input.actorUserId ?? null)
    return orders
  })
}
