import { useId } from 'react'
import { Heading, Link, Stack, Tab, TabList, TabPanel, Tabs, Text } from '@engage/ui'
import { CHANGE_PASSWORD_HREF } from '../AuthForm/authPaths'
import { ApiKeysPanel } from '../ApiKeysPanel'
import { NotificationSettings } from '../Notifications/NotificationSettings'
import { SecuritySettings } from '../SecuritySettings'
import { UserInfoForm } from '../UserInfoForm'
import { SettingsAiSettings } from './SettingsAiSettings'
import { TeamPanel } from '../Team'

export const settingsTabs = ['user', 'ai', 'notifications', 'api', 'team', 'security'] as const
export type SettingsTab = (typeof settingsTabs)[number]

export interface SettingsProps {
  /** The tab shown first (the order flow's link to create AI configurations opens 'ai'). @default 'user' */
  defaultTab?: SettingsTab
  /** The panel's origin, for the API tab's endpoint and examples. @default window.location.origin */
  apiOrigin?: string
}

/**
 * The settings page: tabs User Information (with the way to Change Password) and AI Settings, Notifications
 * (which are e-mailed, the low balance alert), API (keys for the SMM panel API v2), Team (the workspace's
 * members, invitations and activity log), and Security (two-factor
 * sign-in and the account's sessions).
 */
export function Settings({ defaultTab = 'user', apiOrigin = window.location.origin }: SettingsProps) {
  const passwordHeadingId = useId()
  return (
    <Stack gap="large">
      <Heading level={1}>Settings</Heading>
      <Tabs defaultSelectedKey={defaultTab}>
        <TabList aria-label="Settings">
          <Tab id="user">User Information</Tab>
          <Tab id="ai">AI Settings</Tab>
          <Tab id="notifications">Notifications</Tab>
          <Tab id="api">API</Tab>
          <Tab id="team">Team</Tab>
          <Tab id="security">Security</Tab>
        </TabList>
        <TabPanel id="user">
          <Stack gap="xlarge">
            <UserInfoForm />
            <Stack as="section" gap="small" aria-labelledby={passwordHeadingId}>
              <Heading level={2} size="small" id={passwordHeadingId}>
                Password
              </Heading>
              <Text tone="muted">Change the password you sign in with.</Text>
              <Link href={CHANGE_PASSWORD_HREF}>Change Password</Link>
            </Stack>
          </Stack>
        </TabPanel>
        <TabPanel id="ai">
          <SettingsAiSettings />
        </TabPanel>
        <TabPanel id="notifications">
          <NotificationSettings />
        </TabPanel>
        <TabPanel id="api">
          <ApiKeysPanel origin={apiOrigin} />
        </TabPanel>
        <TabPanel id="team">
          <TeamPanel />
        </TabPanel>
        <TabPanel id="security">
          <SecuritySettings />
        </TabPanel>
      </Tabs>
    </Stack>
  )
}
