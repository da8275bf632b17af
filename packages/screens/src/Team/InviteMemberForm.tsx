import { useForm } from 'react-hook-form'
import { zodResolver } from '@hookform/resolvers/zod'
import { InviteMemberRequest, type WorkspaceRole } from '@engage/contract'
import { isApiError, useInviteMember } from '@engage/client'
import { Banner, Button, Form, FormNumberField, FormSelect, FormTextField, Stack } from '@engage/ui'
import { inviteFields } from './Team.css'
import { ROLE_DESCRIPTIONS, roleOptions } from './roles'

export const INVITE_TITLE = 'Invite a member'
export const INVITE_EMAIL_LABEL = 'E-mail'
export const INVITE_ROLE_LABEL = 'Role'
export const INVITE_LIMIT_LABEL = 'Monthly spend limit (USD)'
export const SEND_INVITATION = 'Send invitation'
export const FAILED_TO_INVITE = 'Failed to send the invitation'

/** 'Invitation sent to sam@example.com' */
export function invitationSentMessage(email: string): string {
  return `Invitation sent to ${email}`
}

interface InviteInput {
  email: string
  role: WorkspaceRole
  monthly_limit?: number | null
}

/** The invite form of the Team tab: an e-mail, a role, and an optional monthly spend limit. */
export function InviteMemberForm({ canInviteOwner }: { canInviteOwner: boolean }) {
  const invite = useInviteMember()
  const form = useForm<InviteInput>({
    resolver: zodResolver(InviteMemberRequest) as never,
    defaultValues: { email: '', role: 'member' },
  })
  const role = form.watch('role')

  const submit = async (values: InviteInput) => {
    try {
      await invite.mutateAsync({ ...values, monthly_limit: values.monthly_limit ?? null })
      form.reset({ email: '', role: values.role })
    } catch (error) {
      if (isApiError(error) && error.field === 'email' && error.fieldMessage) {
        form.setError('email', { message: error.fieldMessage })
      }
    }
  }

  return (
    <Form aria-label={INVITE_TITLE} onSubmit={form.handleSubmit(submit)}>
      <Stack gap="medium">
        {invite.isSuccess ? (
          <Banner tone="success" onDismiss={() => invite.reset()}>
            {invitationSentMessage(invite.data.email)}
          </Banner>
        ) : null}
        {invite.isError && !(isApiError(invite.error) && invite.error.field === 'email') ? (
          <Banner tone="error" title={FAILED_TO_INVITE} onDismiss={() => invite.reset()}>
            {isApiError(invite.error) ? invite.error.detail : String(invite.error)}
          </Banner>
        ) : null}
        <div className={inviteFields}>
          <FormTextField
            control={form.control}
            name="email"
            label={INVITE_EMAIL_LABEL}
            type="email"
            isRequired
          />
          <FormSelect
            control={form.control}
            name="role"
            label={INVITE_ROLE_LABEL}
            description={ROLE_DESCRIPTIONS[role]}
            items={roleOptions.map((option) => ({
              ...option,
              isDisabled: option.id === 'owner' && !canInviteOwner,
            }))}
          />
          <FormNumberField
            control={form.control}
            name="monthly_limit"
            label={INVITE_LIMIT_LABEL}
            description="Empty: no limit"
            minValue={0}
            formatOptions={{ style: 'currency', currency: 'USD' }}
          />
        </div>
        <div>
          <Button type="submit" isPending={invite.isPending}>
            {SEND_INVITATION}
          </Button>
        </div>
      </Stack>
    </Form>
  )
}
