import {
  Tab as AriaTab,
  TabList as AriaTabList,
  TabPanel as AriaTabPanel,
  Tabs as AriaTabs,
  type TabListProps as AriaTabListProps,
  type TabPanelProps as AriaTabPanelProps,
  type TabProps as AriaTabProps,
  type TabsProps as AriaTabsProps,
} from 'react-aria-components'
import { tab, tabList, tabPanel, tabs } from './Tabs.css'

export interface TabsProps extends Omit<AriaTabsProps, 'className'> {
  className?: string
}

/** Tabs: a TabList of Tab and one TabPanel per tab (ids match). Arrow keys move between tabs. */
export function Tabs({ className, ...props }: TabsProps) {
  return <AriaTabs {...props} className={[tabs, className].filter(Boolean).join(' ')} />
}

export interface TabListProps<T extends object> extends Omit<AriaTabListProps<T>, 'className'> {
  className?: string
}

/** The row of tabs; give it an `aria-label`. */
export function TabList<T extends object>({ className, ...props }: TabListProps<T>) {
  return <AriaTabList {...props} className={[tabList, className].filter(Boolean).join(' ')} />
}

export interface TabProps extends Omit<AriaTabProps, 'className'> {
  className?: string
}

/** One tab; its `id` selects the TabPanel with the same `id`. */
export function Tab({ className, ...props }: TabProps) {
  return <AriaTab {...props} className={[tab, className].filter(Boolean).join(' ')} />
}

export interface TabPanelProps extends Omit<AriaTabPanelProps, 'className'> {
  className?: string
}

/** The content shown while its tab is selected. */
export function TabPanel({ className, ...props }: TabPanelProps) {
  return <AriaTabPanel {...props} className={[tabPanel, className].filter(Boolean).join(' ')} />
}
