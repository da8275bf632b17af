// The queue of a mass order as pure list operations: each returns the new list, or the
// message when the item it names is no longer in the queue (the queue changed since the user chose it).

import { FAILED_TO_EDIT_ITEM, FAILED_TO_SAVE_CHANGES, FAILED_TO_UPDATE_MASS_ITEM } from '@engage/contract'

/** One queued service of a mass order. */
export interface MassOrderQueueItem {
  type: string
  quantity: number
  url: string
  /** Ids of AI settings (ai_comments and ai_tweets items). */
  aiSettings: string[]
}

type Outcome<Value> = { ok: true; value: Value } | { ok: false; message: string }

/** The item at `index`, to load into the form for editing. */
export function itemToEdit(items: readonly MassOrderQueueItem[], index: number): Outcome<MassOrderQueueItem> {
  const item = items[index]
  return item ? { ok: true, value: item } : { ok: false, message: FAILED_TO_EDIT_ITEM }
}

/** Save Changes: the item at `index` replaced by the edited one. */
export function replaceItem(
  items: readonly MassOrderQueueItem[],
  index: number,
  edited: MassOrderQueueItem,
): Outcome<MassOrderQueueItem[]> {
  if (items[index] === undefined) return { ok: false, message: FAILED_TO_SAVE_CHANGES }
  return { ok: true, value: items.map((item, position) => (position === index ? edited : item)) }
}

/** Edit AI settings: the item at `index` with new AI setting ids. */
export function withItemAiSettings(
  items: readonly MassOrderQueueItem[],
  index: number,
  aiSettings: string[],
): Outcome<MassOrderQueueItem[]> {
  if (items[index] === undefined) return { ok: false, message: FAILED_TO_UPDATE_MASS_ITEM }
  return {
    ok: true,
    value: items.map((item, position) => (position === index ? { ...item, aiSettings } : item)),
  }
}
