import { INVITATION_EXPIRED, INVITATION_NOT_FOUND, INVITATION_USED } from '@engage/contract'
import { isApiError, useAcceptInvitation, useInvitation } from '@engage/client'
import { Banner, Button, Card, Heading, Link, Spinner, Stack, Text } from '@engage/ui'
import { ROLE_DESCRIPTIONS, ROLE_LABELS } from '../Team/roles'

export const INVITATION_TITLE = 'Workspace invitation'
export const ACCEPT_INVITATION = 'Accept invitation'
export const INVITATION_WITHDRAWN = 'This invitation was withdrawn. Ask for a new one.'

/** 'You joined Northwind agency' */
export function joinedMessage(workspace: string): string {
  return `You joined ${workspace}`
}

export interface InvitationPageProps {
  /** The token of the invitation link (/invitation/{token}). */
  token: string
}

/**
 * The page an invitation link opens: which workspace invites the signed-in person, as which role, and the
 * button that accepts it; or why it can no longer be used (accepted, expired, withdrawn, unknown).
 */
export function InvitationPage({ token }: InvitationPageProps) {
  const invitation = useInvitation(token)
  const accept = useAcceptInvitation()

  let body
  if (invitation.isPending) {
    body = <Spinner label="Loading the invitation" />
  } else if (invitation.isError) {
    body = (
      <Banner tone="error">
        {isApiError(invitation.error) ? invitation.error.detail : INVITATION_NOT_FOUND}
      </Banner>
    )
  } else if (accept.isSuccess) {
    body = (
      <Stack gap="medium">
        <Banner tone="success">{joinedMessage(invitation.data.workspace)}</Banner>
        <Link href="/dashboard">Go to the dashboard</Link>
      </Stack>
    )
  } else {
    const { workspace, role, email, state } = invitation.data
    const closed = {
      accepted: INVITATION_USED,
      expired: INVITATION_EXPIRED,
      revoked: INVITATION_WITHDRAWN,
      pending: null,
    }[state]
    body = (
      <Stack gap="medium">
        <Text elementType="p">
          <strong>{workspace}</strong> invites {email} to join as <strong>{ROLE_LABELS[role]}</strong>:{' '}
          {ROLE_DESCRIPTIONS[role].toLowerCase()}.
        </Text>
        {closed !== null ? <Banner tone="info">{closed}</Banner> : null}
        {accept.isError ? (
          <Banner tone="error" onDismiss={() => accept.reset()}>
            {isApiError(accept.error) ? accept.error.detail : String(accept.error)}
          </Banner>
        ) : null}
        {closed === null ? (
          <div>
            <Button isPending={accept.isPending} onPress={() => accept.mutate(token)}>
              {ACCEPT_INVITATION}
            </Button>
          </div>
        ) : null}
      </Stack>
    )
  }

  return (
    <Stack gap="large">
      <Heading level={1}>{INVITATION_TITLE}</Heading>
      <Card>{body}</Card>
    </Stack>
  )
}
