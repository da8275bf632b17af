import {
  normaliseOrderStatus,
  orderStatusTone,
  statusLabel,
  transactionStatusLabel,
  transactionStatusTone,
} from '@engage/contract'
import { Badge, type BadgeProps } from '@engage/ui'

export const statusKinds = ['order', 'transaction'] as const
export type StatusKind = (typeof statusKinds)[number]

export interface StatusBadgeProps extends Omit<BadgeProps, 'tone' | 'children'> {
  /** Which status list the value belongs to; each has its own colours. */
  kind: StatusKind
  /** The status as the server sent it; may be missing. */
  status: string | null | undefined
}

/**
 * A status in its colour. Orders: completed green, pending yellow, others grey; a missing or unknown order
 * status is treated as pending. Transactions: completed green, pending yellow, processing blue, failed red,
 * others grey, and 'Unknown' when missing. The rules live in @engage/contract; the design system's Badge only
 * knows tones, so this domain-aware badge lives with the screens.
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
