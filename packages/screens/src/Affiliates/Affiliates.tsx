import type { ReactNode } from 'react'
import {
  formatLedgerUsd,
  type ReferralEarning,
  type ReferralEarningStatus,
  type ReferralPayout,
} from '@engage/contract'
import { isApiError, useAffiliates } from '@engage/client'
import {
  Badge,
  Banner,
  Card,
  Heading,
  Spinner,
  Stack,
  StatCard,
  Table,
  Text,
  TextField,
  type StatusTone,
  type TableColumn,
} from '@engage/ui'
import { copyWithClipboard, CopyButton } from '../ApiKeysPanel/CopyButton'
import { useCustomerDates, type CustomerDates } from '../CustomerDates'
import { figure, linkField, linkRow, nowrap, statGrid } from './Affiliates.css'

export const AFFILIATES_TITLE = 'Affiliates'
export const COPY_LINK = 'Copy link'
export const NO_EARNINGS =
  'No commissions yet. Share your link: you earn when the customers you bring complete orders.'
export const NO_PAYOUTS = 'Nothing credited yet.'
export const FAILED_TO_LOAD_AFFILIATES = 'Failed to load your affiliate details'

const EARNING_STATUS: Record<ReferralEarningStatus, { label: string; tone: StatusTone }> = {
  pending: { label: 'On hold', tone: 'warning' },
  available: { label: 'Available', tone: 'info' },
  paid: { label: 'Credited', tone: 'success' },
  reversed: { label: 'Reversed', tone: 'neutral' },
}

/** 'On hold', 'Available', 'Credited', 'Reversed'. */
export function earningStatusLabel(status: ReferralEarningStatus): string {
  return EARNING_STATUS[status].label
}

/** '10 %' or '2.5 %'. */
function percentText(percent: number): string {
  return `${String(percent)} %`
}

/** When the commission was or will be credited, or why it will not be. */
function settledText(earning: ReferralEarning, dates: CustomerDates): string {
  if (earning.paid_at !== null) return dates.date(earning.paid_at)
  if (earning.status === 'reversed') return 'Refunded'
  return dates.date(earning.available_at)
}

const earningColumns = (dates: CustomerDates): readonly TableColumn<ReferralEarning>[] => [
  {
    id: 'date',
    name: 'Date',
    render: (earning) => <span className={nowrap}>{dates.dateTime(earning.created_at)}</span>,
  },
  { id: 'order', name: 'Order', render: (earning) => `#${earning.order_id}` },
  {
    id: 'spent',
    name: 'Spent',
    align: 'end',
    render: (earning) => <span className={figure}>{formatLedgerUsd(earning.order_amount)}</span>,
  },
  { id: 'rate', name: 'Rate', align: 'end', render: (earning) => percentText(earning.rate_percent) },
  {
    id: 'commission',
    name: 'Commission',
    align: 'end',
    render: (earning) => <span className={figure}>{formatLedgerUsd(earning.amount)}</span>,
  },
  {
    id: 'status',
    name: 'Status',
    render: (earning) => (
      <Badge tone={EARNING_STATUS[earning.status].tone}>{earningStatusLabel(earning.status)}</Badge>
    ),
  },
  {
    id: 'credited',
    name: 'Credited on',
    render: (earning) => <span className={nowrap}>{settledText(earning, dates)}</span>,
  },
]

const payoutColumns = (dates: CustomerDates): readonly TableColumn<ReferralPayout>[] => [
  {
    id: 'date',
    name: 'Date',
    render: (payout) => <span className={nowrap}>{dates.dateTime(payout.paid_at)}</span>,
  },
  {
    id: 'amount',
    name: 'Amount',
    align: 'end',
    render: (payout) => <Badge tone="success">{`+${formatLedgerUsd(payout.amount)}`}</Badge>,
  },
  {
    id: 'order',
    name: 'For order',
    render: (payout) => (payout.order_id === null ? '—' : `#${payout.order_id}`),
  },
]

function Stat({ label, value, description }: { label: string; value: ReactNode; description: string }) {
  return <StatCard label={label} value={<span className={figure}>{value}</span>} description={description} />
}

function TableCard({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Card>
      <Stack gap="medium">
        <Heading level={2} size="medium">
          {title}
        </Heading>
        {children}
      </Stack>
    </Card>
  )
}

export interface AffiliatesProps {
  /** Puts a text on the clipboard. @default navigator.clipboard.writeText */
  copyText?: (text: string) => Promise<void>
}

/**
 * The affiliate page (/affiliates): the customer's referral link with a copy button, how many visits and
 * sign-ups it brought, the commissions on hold, available and credited, every commission with its status and
 * the credits to the balance. Dates are on the customer's clock.
 */
export function Affiliates({ copyText = copyWithClipboard }: AffiliatesProps) {
  const affiliates = useAffiliates()
  const dates = useCustomerDates()

  if (affiliates.isPending) {
    return (
      <Stack gap="large">
        <Heading level={1}>{AFFILIATES_TITLE}</Heading>
        <Spinner label="Loading your affiliate details" />
      </Stack>
    )
  }
  if (affiliates.isError) {
    return (
      <Stack gap="large">
        <Heading level={1}>{AFFILIATES_TITLE}</Heading>
        <Banner tone="error">
          {isApiError(affiliates.error) ? affiliates.error.detail : FAILED_TO_LOAD_AFFILIATES}
        </Banner>
      </Stack>
    )
  }
  const summary = affiliates.data
  const holdText = summary.hold_days === 1 ? '1 day' : `${String(summary.hold_days)} days`
  return (
    <Stack gap="large">
      <Heading level={1}>{AFFILIATES_TITLE}</Heading>
      <Card>
        <Stack gap="medium">
          <Heading level={2} size="medium">
            Your referral link
          </Heading>
          <Text elementType="p">
            {`Share this link. When someone signs up through it, you earn ${percentText(summary.rate_percent)} of what they spend on completed orders, credited to your balance ${holdText} after each order completes.`}
          </Text>
          <div className={linkRow}>
            <div className={linkField}>
              <TextField label="Referral link" value={summary.link} isReadOnly />
            </div>
            <CopyButton text={summary.link} copyText={copyText} label={COPY_LINK} />
          </div>
        </Stack>
      </Card>
      <div className={statGrid}>
        <Stat label="Visits" value={summary.visits} description="People who opened your link" />
        <Stat label="Sign-ups" value={summary.signups} description="Accounts created through it" />
        <Stat label="On hold" value={formatLedgerUsd(summary.pending)} description={`Waiting ${holdText}`} />
        <Stat label="Available" value={formatLedgerUsd(summary.available)} description="Credited shortly" />
        <Stat label="Credited" value={formatLedgerUsd(summary.paid)} description="Added to your balance" />
      </div>
      <TableCard title="Commissions">
        <Table
          aria-label="Commissions"
          columns={earningColumns(dates)}
          rows={summary.earnings}
          emptyState={NO_EARNINGS}
        />
      </TableCard>
      <TableCard title="Credited to your balance">
        <Table
          aria-label="Credits to your balance"
          columns={payoutColumns(dates)}
          rows={summary.payouts}
          emptyState={NO_PAYOUTS}
        />
      </TableCard>
    </Stack>
  )
}
