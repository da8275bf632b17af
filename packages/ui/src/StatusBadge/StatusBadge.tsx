import {
  normaliseOrderStatus,
  orderStatusTone,
  statusLabel,
  transactionStatusLabel,
  transactionStatusTone,
} from '@engage/contract'
import { Badge, type BadgeProps } from '../Badge'

export const statusKinds = ['order', 'transaction'] as const
export type StatusKind = (typeof statusKinds)[number]

export interface StatusBadgeProps extends Omit<BadgeProps, 'tone' | 'children'> {
  /** Which status list the value belongs to; each has its own colours (spec §4). */
  kind: StatusKind
  /** The status as the server sent it; may be missing. */
  status: string | null | undefined
}

/**
 * A status with the spec's colours. Orders: completed green, pending yellow, others grey; a missing or
 * unknown order status is treated as pending (§4). Transactions: completed green, pending yellow, processing
 * blue, failed red, others grey, and 'Unknown' when missing. The rules live in @engage/contract.
 */
export function StatusBadge({ kind, status, ...props }: StatusBadgeProps) {
  if (kind === 'order') {
    return (
      <Badge tone={orderStatusTone(status)} {...props}>
        {statusLabel(normaliseOrderStatus(status))}
      </Badge>
    )
  }
  return (
    <Badge tone={transactionStatusTone(status)} {...props}>
      {transactionStatusLabel(status)}
    </Badge>
  )
}
