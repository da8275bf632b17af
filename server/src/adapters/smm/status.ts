/** The order statuses an upstream answer can move one of our orders to. */
export type UpstreamOrderStatus = 'processing' | 'completed' | 'partial' | 'cancelled'

const statusByUpstreamWord: Readonly<Record<string, UpstreamOrderStatus>> = {
  pending: 'processing',
  'in progress': 'processing',
  processing: 'processing',
  completed: 'completed',
  partial: 'partial',
  canceled: 'cancelled',
  cancelled: 'cancelled',
}

/**
 * Maps a provider's status word (Pending, In progress, Processing, Completed, Partial, Canceled) to our order
 * status. Panels differ in case and spelling ("In Progress", "Cancelled"), so the word is compared loosely.
 * A word we do not know (some panels add their own, e.g. "Refunded", "Fail" or a translated status) maps to
 * undefined: the order is held for an operator rather than moved, or its money, on a guess.
 */
export function mapUpstreamStatus(word: string): UpstreamOrderStatus | undefined {
  const normalised = word.trim().replace(/\s+/g, ' ').toLowerCase()
  return statusByUpstreamWord[normalised]
}
