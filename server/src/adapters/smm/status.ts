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
 */
export function mapUpstreamStatus(word: string): UpstreamOrderStatus {
  const normalised = word.trim().replace(/\s+/g, ' ').toLowerCase()
  // An unknown word (some panels add their own, e.g. "Refunded" or a translated status) is read as
  // 'processing': the order stays active and keeps being polled, and no money moves on a word we cannot
  // interpret. An operator sees the order stuck in processing instead of a wrong refund or completion.
  return statusByUpstreamWord[normalised] ?? 'processing'
}
