import type { ReactNode } from 'react'
import { Card, type CardProps } from '../Card'
import { statDescription, statLabel, statList, statValue } from './StatCard.css'

export interface StatCardProps extends Omit<CardProps, 'children'> {
  /** What the figure is ("Balance"). */
  label: ReactNode
  /** The figure itself ("$12.50"). */
  value: ReactNode
  /** Optional line under the value. */
  description?: ReactNode
}

/** A card showing one labelled figure; the label and value are announced together as a term and definition. */
export function StatCard({ label, value, description, ...props }: StatCardProps) {
  return (
    <Card {...props}>
      <dl className={statList}>
        <dt className={statLabel}>{label}</dt>
        <dd className={statValue}>{value}</dd>
        {description == null ? null : <dd className={statDescription}>{description}</dd>}
      </dl>
    </Card>
  )
}
