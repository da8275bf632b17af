export { StatusBadge, statusKinds, type StatusBadgeProps, type StatusKind } from './StatusBadge'
