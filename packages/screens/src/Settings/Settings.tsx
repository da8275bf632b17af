import { Heading, Stack, Tab, TabList, TabPanel, Tabs } from '@engage/ui'
import { ApiKeysPanel } from '../ApiKeysPanel'
import { UserInfoForm } from '../UserInfoForm'
import { SettingsAiSettings } from './SettingsAiSettings'

export const settingsTabs = ['user', 'ai', 'api'] as const
export type SettingsTab = (typeof settingsTabs)[number]

export interface SettingsProps {
  /** The tab shown first (the order flow's link to create AI configurations opens 'ai'). @default 'user' */
  defaultTab?: SettingsTab
  /** The panel's origin, for the API tab's endpoint and examples. @default window.location.origin */
  apiOrigin?: string
}

/** The settings page: tabs User Information and AI Settings, and API (keys for the SMM panel API v2). */
export function Settings({ defaultTab = 'user', apiOrigin = window.location.origin }: SettingsProps) {
  return (
    <Stack gap="large">
      <Heading level={1}>Settings</Heading>
      <Tabs defaultSelectedKey={defaultTab}>
        <TabList aria-label="Settings">
          <Tab id="user">User Information</Tab>
          <Tab id="ai">AI Settings</Tab>
          <Tab id="api">API</Tab>
        </TabList>
        <TabPanel id="user">
          <UserInfoForm />
        </TabPanel>
        <TabPanel id="ai">
          <SettingsAiSettings />
        </TabPanel>
        <TabPanel id="api">
          <ApiKeysPanel origin={apiOrigin} />
        </TabPanel>
      </Tabs>
    </Stack>
  )
}
