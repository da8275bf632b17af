import { Stack } from '@engage/ui'
import { SessionsList } from './SessionsList'
import { TwoFactorSettings } from './TwoFactorSettings'

/** Settings' Security tab: two-factor sign-in and the account's sessions. */
export function SecuritySettings() {
  return (
    <Stack gap="xlarge">
      <TwoFactorSettings />
      <SessionsList />
    </Stack>
  )
}
