import { Heading, Stack, Tab, TabList, TabPanel, Tabs } from '@engage/ui'
import { UserInfoForm } from '../UserInfoForm'
import { SettingsAiSettings } from './SettingsAiSettings'

export const settingsTabs = ['user', 'ai'] as const
export type SettingsTab = (typeof settingsTabs)[number]

export interface SettingsProps {
  /** The tab shown first (the order flow's link to create AI configurations opens 'ai'). @default 'user' */
  defaultTab?: SettingsTab
}

/** The settings page (spec §2): tabs User Information and AI Settings. */
export function Settings({ defaultTab = 'user' }: SettingsProps) {
  return (
    <Stack gap="large">
      <Heading level={1}>Settings</Heading>
      <Tabs defaultSelectedKey={defaultTab}>
        <TabList aria-label="Settings">
          <Tab id="user">User Information</Tab>
          <Tab id="ai">AI Settings</Tab>
        </TabList>
        <TabPanel id="user">
          <UserInfoForm />
        </TabPanel>
        <TabPanel id="ai">
          <SettingsAiSettings />
        </TabPanel>
      </Tabs>
    </Stack>
  )
}
