import { Suspense, useEffect, useState, type ReactNode } from 'react'
import type { Key } from 'react-aria-components'
import { Spinner, Tab, TabList, TabPanel, Tabs } from '@engage/ui'
import { dripFeedPart, OrderForm, type OrderFormProps } from '../OrderForm'
import { orderTabPanel, tabLoading } from './Dashboard.css'
import type { useDashboardAiSettings } from './DashboardAiSettings'
import { lazyPart, whenIdle } from './lazyPart'

export const orderTabIds = ['new', 'mass', 'subscriptions'] as const
export type OrderTabId = (typeof orderTabIds)[number]

// Only the first tab is in the page's first load. The Mass and Subscriptions tabs (the queue, the date pickers
// with their calendars) ask for their code once the page is idle after its first render, so that it neither
// delays nor competes with what the page shows first, and is there before a first click. A tab opened sooner
// shows a spinner until it arrives.
const MassOrderQueue = lazyPart(() => import('../MassOrderQueue').then((module) => module.MassOrderQueue))
const DashboardSubscriptionsTab = lazyPart(() =>
  import('./DashboardSubscriptionsTab').then((module) => module.DashboardSubscriptionsTab),
)

/** Fetches the code of the Mass and Subscriptions tabs ahead of their first use. */
export function preloadOrderTabs(): Promise<void> {
  return Promise.all([MassOrderQueue.preload(), DashboardSubscriptionsTab.preload()]).then(() => undefined)
}

const loadingLabels: Record<OrderTabId, string> = {
  new: 'Loading the order form',
  mass: 'Loading the mass order form',
  subscriptions: 'Loading the subscription form',
}

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
  useEffect(() => whenIdle(() => void preloadOrderTabs()), [])
  // A tab's content is rendered from its first showing on, then kept.
  const [shownTabs, setShownTabs] = useState<ReadonlySet<OrderTabId>>(() => new Set([defaultTab]))

  const panels: Record<OrderTabId, () => ReactNode> = {
    new: () => (
      <OrderForm
        defaultValues={prefill}
        aiSetting={aiSettings.aiSetting}
        onAiSettingsPress={aiSettings.chooseOrderAiSetting}
        dripFeed={dripFeedPart}
      />
    ),
    mass: () => <MassOrderQueue onChooseAiSettings={aiSettings.chooseAiSettings} />,
    subscriptions: () => <DashboardSubscriptionsTab onChooseAiSettings={aiSettings.chooseAiSettings} />,
  }
  return (
    <Tabs
      defaultSelectedKey={defaultTab}
      onSelectionChange={(key: Key) => {
        const tab = orderTabIds.find((id) => id === key)
        if (!tab) return
        setShownTabs((shown) => (shown.has(tab) ? shown : new Set([...shown, tab])))
        onTabChange?.(tab)
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
        // A tab's panel mounts when the tab is first shown, then stays mounted while hidden: a queued mass
        // order or a half-filled form survives a look at another tab.
        <TabPanel key={tab.id} id={tab.id} shouldForceMount={shownTabs.has(tab.id)} className={orderTabPanel}>
          <Suspense
            fallback={
              <div className={tabLoading}>
                <Spinner label={loadingLabels[tab.id]} />
              </div>
            }
          >
            {panels[tab.id]()}
          </Suspense>
        </TabPanel>
      ))}
    </Tabs>
  )
}
