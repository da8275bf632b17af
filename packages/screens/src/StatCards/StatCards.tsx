import { useMe } from '@engage/client'
import { Spinner, StatCard } from '@engage/ui'
import { statCards } from './StatCards.css'

const countFormat = new Intl.NumberFormat('en-US')

/**
 * The three stat cards of the dashboard and the orders page: the user's email, their total orders, and the
 * panel's total orders (25011 when the server gives none).
 */
export function StatCards() {
  const me = useMe()
  const value = (text: string | undefined) =>
    me.isPending ? <Spinner size="small" label="Loading" /> : (text ?? '—')
  return (
    <div className={statCards}>
      <StatCard label="Email" value={value(me.data?.email)} />
      <StatCard
        label="Total Orders"
        value={value(me.data === undefined ? undefined : countFormat.format(me.data.totalOrders))}
      />
      <StatCard
        label="Total Orders (Panel)"
        value={value(me.data === undefined ? undefined : countFormat.format(me.data.totalOrdersPanel))}
      />
    </div>
  )
}
