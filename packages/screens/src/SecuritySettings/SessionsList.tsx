import { useId } from 'react'
import type { SessionSummary } from '@engage/contract'
import { isApiError, useRevokeOtherSessions, useRevokeSession, useSessions } from '@engage/client'
import { Badge, Banner, Button, Heading, Spinner, Stack, Text } from '@engage/ui'
import { useCustomerDates } from '../CustomerDates'
import { sessionItem, sessionList } from './SecuritySettings.css'

export const SESSIONS_TITLE = 'Where you are signed in'
export const SIGN_OUT_EVERYWHERE = 'Sign out everywhere else'
export const FAILED_TO_LOAD_SESSIONS = 'Failed to load your sessions'
export const THIS_DEVICE = 'This device'

/** 'Safari on iPhone' from a user agent; the whole string when nothing is recognised. */
export function describeUserAgent(userAgent: string | null): string {
  if (userAgent === null) return 'Unknown device'
  const browser = /Edg\//.test(userAgent)
    ? 'Edge'
    : /Firefox\//.test(userAgent)
      ? 'Firefox'
      : /Chrome\//.test(userAgent)
        ? 'Chrome'
        : /Safari\//.test(userAgent)
          ? 'Safari'
          : null
  const system = /iPhone|iPad/.test(userAgent)
    ? 'iOS'
    : /Android/.test(userAgent)
      ? 'Android'
      : /Mac OS X/.test(userAgent)
        ? 'macOS'
        : /Windows/.test(userAgent)
          ? 'Windows'
          : /Linux/.test(userAgent)
            ? 'Linux'
            : null
  if (browser && system) return `${browser} on ${system}`
  return browser ?? system ?? userAgent
}

function SessionRow({ session }: { session: SessionSummary }) {
  // On the customer's clock, as every date of the panel.
  const { dateTime: formatDate } = useCustomerDates()
  const revoke = useRevokeSession()
  const device = describeUserAgent(session.userAgent)
  return (
    <li className={sessionItem}>
      <Stack gap="xxsmall">
        <Stack direction="row" gap="small" alignItems="center">
          <Text weight="medium">{device}</Text>
          {session.current ? <Badge tone="success">{THIS_DEVICE}</Badge> : null}
        </Stack>
        <Text size="small" tone="muted">
          {session.ipAddress ?? 'Unknown address'} · signed in {formatDate(session.createdAt)} · last seen{' '}
          {formatDate(session.lastSeenAt)}
        </Text>
        {revoke.isError ? (
          <Text size="small" tone="critical">
            {isApiError(revoke.error) ? revoke.error.detail : 'Failed to sign the session out'}
          </Text>
        ) : null}
      </Stack>
      {session.current ? null : (
        <Button
          tone="secondary"
          size="small"
          isPending={revoke.isPending}
          aria-label={`Sign out ${device}, last seen ${formatDate(session.lastSeenAt)}`}
          onPress={() => revoke.mutate(session.id)}
        >
          Sign out
        </Button>
      )}
    </li>
  )
}

/** The account's sessions with their device, address and times, each other one signed out on its own or all at once. */
export function SessionsList() {
  const sessions = useSessions()
  const revokeOthers = useRevokeOtherSessions()
  const headingId = useId()
  const others = sessions.data?.filter((session) => !session.current).length ?? 0
  return (
    <Stack as="section" gap="medium" aria-labelledby={headingId}>
      <Heading level={2} size="small" id={headingId}>
        {SESSIONS_TITLE}
      </Heading>
      {sessions.isPending ? (
        <Spinner label="Loading sessions" />
      ) : sessions.isError ? (
        <Banner tone="error">{FAILED_TO_LOAD_SESSIONS}</Banner>
      ) : (
        <>
          <ul className={sessionList}>
            {sessions.data.map((session) => (
              <SessionRow key={session.id} session={session} />
            ))}
          </ul>
          {revokeOthers.isSuccess && others === 0 ? (
            <Banner tone="success">{revokeOthers.data.message}</Banner>
          ) : null}
          {others > 0 ? (
            <div>
              <Button
                tone="critical"
                isPending={revokeOthers.isPending}
                onPress={() => revokeOthers.mutate()}
              >
                {SIGN_OUT_EVERYWHERE}
              </Button>
            </div>
          ) : null}
        </>
      )}
    </Stack>
  )
}
