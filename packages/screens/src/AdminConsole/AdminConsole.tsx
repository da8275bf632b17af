import type { ReactNode } from 'react'
import { OPERATOR_FORBIDDEN, TWO_FACTOR_SETUP_REQUIRED } from '@engage/contract'
import { isApiError, useAdminMe } from '@engage/client'
import { Badge, Banner, Box, Heading, Link, Spinner, Stack, Text, ThemeToggle, type Theme } from '@engage/ui'
import { AdminAffiliates } from '../AdminAffiliates'
import { AdminAuditLog } from '../AdminAuditLog'
import { AdminContent } from '../AdminContent'
import { AdminJobs } from '../AdminJobs'
import { AdminOrders } from '../AdminOrders'
import { AdminPayments } from '../AdminPayments'
import { AdminProviders } from '../AdminProviders'
import { AdminReports } from '../AdminReports'
import { AdminErrorBanner, humanise } from '../AdminShared'
import { AdminServices } from '../AdminServices'
import { AdminTickets } from '../AdminTickets'
import { AdminUsers } from '../AdminUsers'
import { TwoFactorSettings } from '../SecuritySettings'

export const ADMIN_CONSOLE_TITLE = 'Operator console'
export const NOT_ALLOWED_TEXT = 'This console is for the panel’s support and admin accounts.'

/** The console's sections, in navigation order. */
export const adminSections = [
  { id: 'services', label: 'Services' },
  { id: 'providers', label: 'Providers' },
  { id: 'users', label: 'Users' },
  { id: 'orders', label: 'Orders' },
  { id: 'payments', label: 'Payments' },
  { id: 'tickets', label: 'Tickets' },
  { id: 'reports', label: 'Reports' },
  { id: 'content', label: 'Updates and contact' },
  { id: 'affiliates', label: 'Affiliates' },
  { id: 'jobs', label: 'Jobs' },
  { id: 'audit', label: 'Audit log' },
] as const
export type AdminSection = (typeof adminSections)[number]['id']

export function isAdminSection(value: string | null | undefined): value is AdminSection {
  return adminSections.some((section) => section.id === value)
}

const sectionScreens: Record<AdminSection, (itemId: string | null) => ReactNode> = {
  services: () => <AdminServices />,
  providers: () => <AdminProviders />,
  users: () => <AdminUsers />,
  orders: () => <AdminOrders />,
  payments: () => <AdminPayments />,
  tickets: (itemId) => <AdminTickets ticketId={itemId} />,
  reports: () => <AdminReports />,
  content: () => <AdminContent />,
  affiliates: () => <AdminAffiliates />,
  jobs: () => <AdminJobs />,
  audit: () => <AdminAuditLog />,
}

/** The path of a section: '/admin/services'. */
export function adminSectionHref(section: AdminSection): string {
  return `/admin/${section}`
}

export interface AdminConsoleProps {
  /** The section shown. @default 'services' */
  section?: AdminSection
  /** The record of the section opened by the path ('/admin/tickets/31' → '31'), where the section has one. */
  itemId?: string | null
  /** Where the navigation links go. @default adminSectionHref */
  hrefFor?: (section: AdminSection) => string
  /** The link back to the customer panel. @default '/dashboard' */
  panelHref?: string
  /** With onThemeChange: shows the dark-mode toggle. */
  theme?: Theme
  onThemeChange?: (theme: Theme) => void
}

/**
 * /admin: the operator console. It asks who is operating first (GET /api/admin/me): a customer gets a clear
 * "not allowed" page, support and admin get the sections, each hiding what their role may not do. The
 * navigation is a list of links (Tab moves through them, Enter follows one), the current one marked.
 */
export function AdminConsole({
  section = 'services',
  itemId = null,
  hrefFor = adminSectionHref,
  panelHref = '/dashboard',
  theme,
  onThemeChange,
}: AdminConsoleProps) {
  const me = useAdminMe()

  let body: ReactNode
  if (me.isPending) {
    body = <Spinner label="Checking your access" size="large" />
  } else if (me.isError) {
    const refusal = isApiError(me.error) ? me.error : undefined
    body =
      refusal?.status === 403 && refusal.detail === TWO_FACTOR_SETUP_REQUIRED ? (
        // An operator without two-factor sign-in sets it up here; the console opens once it is on.
        <Stack gap="medium">
          <Banner tone="info">{TWO_FACTOR_SETUP_REQUIRED}</Banner>
          <TwoFactorSettings onEnabled={() => void me.refetch()} />
        </Stack>
      ) : refusal?.status === 403 ? (
        <AdminNotAllowed panelHref={panelHref} />
      ) : (
        <AdminErrorBanner
          title="Could not open the console"
          error={me.error}
          onRetry={() => void me.refetch()}
        />
      )
  } else {
    const current = adminSections.find((entry) => entry.id === section) ?? adminSections[0]
    body = (
      <Stack gap="large">
        <Stack as="nav" aria-label={ADMIN_CONSOLE_TITLE}>
          <Box as="ul" display="flex" flexWrap="wrap" gap="small" padding="none" margin="none">
            {adminSections.map((entry) => (
              <Box as="li" key={entry.id} display="flex">
                <Link
                  href={hrefFor(entry.id)}
                  variant={entry.id === current.id ? 'button' : 'standalone'}
                  size="small"
                  aria-current={entry.id === current.id ? 'page' : undefined}
                >
                  {entry.label}
                </Link>
              </Box>
            ))}
          </Box>
        </Stack>
        <div key={current.id}>{sectionScreens[current.id](itemId)}</div>
      </Stack>
    )
  }

  return (
    <Box
      as="main"
      padding={{ mobile: 'medium', tablet: 'xlarge' }}
      maxWidth="large"
      marginX="auto"
      width="full"
    >
      <Stack gap="large">
        <Stack
          as="header"
          direction={{ mobile: 'column', tablet: 'row' }}
          gap="medium"
          justifyContent="space-between"
          alignItems={{ mobile: 'flex-start', tablet: 'center' }}
        >
          <Stack gap="xxsmall">
            <Heading level={1}>{ADMIN_CONSOLE_TITLE}</Heading>
            {me.data ? (
              <Stack direction="row" gap="small" alignItems="center" wrap>
                <Text tone="muted">{me.data.email}</Text>
                <Badge tone="info">{humanise(me.data.role)}</Badge>
              </Stack>
            ) : null}
          </Stack>
          <Stack direction="row" gap="medium" alignItems="center">
            <Link href={panelHref} variant="standalone">
              Back to the panel
            </Link>
            {theme !== undefined && onThemeChange ? (
              <ThemeToggle theme={theme} onThemeChange={onThemeChange} />
            ) : null}
          </Stack>
        </Stack>
        {body}
      </Stack>
    </Box>
  )
}

/** What a customer sees at /admin. */
export function AdminNotAllowed({ panelHref = '/dashboard' }: { panelHref?: string }) {
  return (
    <Stack gap="medium" alignItems="flex-start" role="alert">
      <Heading level={2}>{OPERATOR_FORBIDDEN}</Heading>
      <Text elementType="p">{NOT_ALLOWED_TEXT}</Text>
      <Link href={panelHref} variant="button">
        Go to your dashboard
      </Link>
    </Stack>
  )
}
