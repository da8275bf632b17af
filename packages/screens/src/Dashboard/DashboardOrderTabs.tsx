import type { Key } from 'react-aria-components'
import { Stack, Tab, TabList, TabPanel, Tabs } from '@engage/ui'
import { MassOrderQueue } from '../MassOrderQueue'
import { OrderForm, type OrderFormProps } from '../OrderForm'
import { SubscriptionForm, SubscriptionFormList } from '../SubscriptionForm'
import { orderTabPanel } from './Dashboard.css'
import type { useDashboardAiSettings } from './DashboardAiSettings'

export const orderTabIds = ['new', 'mass', 'subscriptions'] as const
export type OrderTabId = (typeof orderTabIds)[number]

export interface DashboardOrderTabsProps {
  /** The tabs in display order with their labels. */
  tabs: readonly { id: OrderTabId; label: string }[]
  /** The tab shown first. @default 'new' */
  defaultTab?: OrderTabId
  /** Called when the user switches tab. */
  onTabChange?: (tab: OrderTabId) => void
  /** Values the new order form starts with. */
  prefill?: OrderFormProps['defaultValues']
  aiSettings: ReturnType<typeof useDashboardAiSettings>
}

/** The order tabs of the dashboard and the orders page: a new order, a mass order, a subscription. */
export function DashboardOrderTabs({
  tabs,
  defaultTab = 'new',
  onTabChange,
  prefill,
  aiSettings,
}: DashboardOrderTabsProps) {
  const panels: Record<OrderTabId, React.ReactNode> = {
    new: (
      <OrderForm
        defaultValues={prefill}
        aiSetting={aiSettings.aiSetting}
        onAiSettingsPress={aiSettings.chooseOrderAiSetting}
      />
    ),
    mass: <MassOrderQueue onChooseAiSettings={aiSettings.chooseAiSettings} />,
    subscriptions: (
      <Stack gap="xxlarge">
        <SubscriptionForm onChooseAiSettings={aiSettings.chooseAiSettings} />
        <SubscriptionFormList />
      </Stack>
    ),
  }
  return (
    <Tabs
      defaultSelectedKey={defaultTab}
      onSelectionChange={(key: Key) => {
        const tab = orderTabIds.find((id) => id === key)
        if (tab) onTabChange?.(tab)
      }}
    >
      <TabList aria-label="Order type">
        {tabs.map((tab) => (
          <Tab key={tab.id} id={tab.id}>
            {tab.label}
          </Tab>
        ))}
      </TabList>
      {tabs.map((tab) => (
        // Kept mounted while hidden: a queued mass order or a half-filled form survives a look at another tab.
        <TabPanel key={tab.id} id={tab.id} shouldForceMount className={orderTabPanel}>
          {panels[tab.id]}
        </TabPanel>
      ))}
    </Tabs>
  )
}
