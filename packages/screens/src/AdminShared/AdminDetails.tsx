import type { ReactNode } from 'react'
import { sprinkles, Text } from '@engage/ui'

export interface AdminDetailsProps {
  /** Term and value pairs, in order. */
  items: readonly { term: string; value: ReactNode }[]
}

const list = sprinkles({
  display: 'grid',
  gridTemplateColumns: { mobile: 'one', tablet: 'two' },
  gap: 'small',
  margin: 'none',
})
const entry = sprinkles({ display: 'flex', flexDirection: 'column', gap: 'xxsmall', minWidth: 'zero' })
const definition = sprinkles({ margin: 'none' })

/** A description list of a record's fields (a user, an order, its upstream). */
export function AdminDetails({ items }: AdminDetailsProps) {
  return (
    <dl className={list}>
      {items.map((item) => (
        <div key={item.term} className={entry}>
          <dt>
            <Text size="small" tone="muted">
              {item.term}
            </Text>
          </dt>
          <dd className={definition}>{item.value}</dd>
        </div>
      ))}
    </dl>
  )
}
