import { useState } from 'react'
import { useForm } from 'react-hook-form'
import { zodResolver } from '@hookform/resolvers/zod'
import type * as z from 'zod'
import { TIMEZONES, UpdateProfileRequest } from '@engage/contract'
import { isApiError, useMe, useUpdateProfile, type NormalisedUser } from '@engage/client'
import { Banner, Button, Form, FormSelect, FormTextField, Spinner, Stack } from '@engage/ui'
import { actions, infoList, infoTerm, infoValue } from './UserInfoForm.css'

/** House text: shown after Save Changes stored the profile. */
export const PROFILE_SAVED = 'Your information has been saved'

// The form always holds all three values; the contract's rules check each.
const userInfoSchema = UpdateProfileRequest.required()
type UserInfoInput = z.input<typeof userInfoSchema>

const timezoneOptions = TIMEZONES.map((timezone) => ({ id: timezone, label: timezone }))

function UserInfoView({ user, onEdit }: { user: NormalisedUser; onEdit: () => void }) {
  return (
    <Stack gap="large">
      <dl className={infoList}>
        <dt className={infoTerm}>Username</dt>
        <dd className={infoValue}>{user.username}</dd>
        <dt className={infoTerm}>Email</dt>
        <dd className={infoValue}>{user.email}</dd>
        <dt className={infoTerm}>Phone</dt>
        <dd className={infoValue}>{user.settings.phone === '' ? 'Not set' : user.settings.phone}</dd>
        <dt className={infoTerm}>Timezone</dt>
        <dd className={infoValue}>{user.settings.timezone}</dd>
      </dl>
      <div className={actions}>
        <Button onPress={onEdit}>Edit</Button>
      </div>
    </Stack>
  )
}

function UserInfoEdit({
  user,
  onCancel,
  onSaved,
}: {
  user: NormalisedUser
  onCancel: () => void
  onSaved: () => void
}) {
  const updateProfile = useUpdateProfile()
  const form = useForm<UserInfoInput>({
    resolver: zodResolver(userInfoSchema),
    defaultValues: { email: user.email, phone: user.settings.phone, timezone: user.settings.timezone },
    mode: 'onTouched',
  })

  const save = async (values: UserInfoInput) => {
    try {
      await updateProfile.mutateAsync(values)
      onSaved()
    } catch (error) {
      // A refused field (a taken email) gets its message beside the field too.
      if (isApiError(error) && error.fieldMessage && (error.field === 'email' || error.field === 'phone')) {
        form.setError(error.field, { message: error.fieldMessage })
      }
    }
  }

  return (
    <Form aria-label="User information" onSubmit={form.handleSubmit(save)}>
      <Stack gap="medium">
        <FormTextField control={form.control} name="email" label="Email" type="email" isRequired />
        <FormTextField control={form.control} name="phone" label="Phone" type="tel" />
        <FormSelect control={form.control} name="timezone" label="Timezone" items={timezoneOptions} />
        {updateProfile.isError ? (
          <Banner tone="error">
            {isApiError(updateProfile.error) ? updateProfile.error.detail : String(updateProfile.error)}
          </Banner>
        ) : null}
        <div className={actions}>
          <Button tone="secondary" onPress={onCancel}>
            Cancel
          </Button>
          <Button type="submit" isPending={updateProfile.isPending} pendingLabel="Saving changes">
            Save Changes
          </Button>
        </div>
      </Stack>
    </Form>
  )
}

/**
 * The User Information tab: the profile read-only with an Edit button; Edit shows Email, Phone
 * and Timezone (UTC, EST, PST) with Cancel and Save Changes. A refused save shows the server's detail.
 */
export function UserInfoForm() {
  const me = useMe()
  const [isEditing, setEditing] = useState(false)
  const [isSaved, setSaved] = useState(false)

  if (me.isPending) return <Spinner label="Loading your information" />
  if (me.isError) {
    return <Banner tone="error">{isApiError(me.error) ? me.error.detail : String(me.error)}</Banner>
  }
  return (
    <Stack gap="medium">
      {isSaved ? (
        <Banner tone="success" onDismiss={() => setSaved(false)}>
          {PROFILE_SAVED}
        </Banner>
      ) : null}
      {isEditing ? (
        <UserInfoEdit
          user={me.data}
          onCancel={() => setEditing(false)}
          onSaved={() => {
            setEditing(false)
            setSaved(true)
          }}
        />
      ) : (
        <UserInfoView
          user={me.data}
          onEdit={() => {
            setSaved(false)
            setEditing(true)
          }}
        />
      )}
    </Stack>
  )
}
