import type { ContactMethod, Update } from '@engage/contract'
import { useMe } from '@engage/client'
import { Icon, Link, Spinner, Stack, Tab, TabList, TabPanel, Tabs, Text } from '@engage/ui'
import { useCustomerDates } from '../CustomerDates'
import { entry, entryList, entryTitle } from './ContactUpdatesPanel.css'

export const contactUpdatesTabs = ['contact', 'updates'] as const
export type ContactUpdatesTab = (typeof contactUpdatesTabs)[number]

/** House text for an account without updates. */
export const NO_UPDATES = 'No updates yet.'

const tabLabels: Record<ContactUpdatesTab, string> = { contact: 'Contact Us', updates: 'Updates' }

/** Web addresses open in a new window; mail and other schemes open the user's own application. */
function opensNewWindow(url: string): boolean {
  return /^https?:\/\//i.test(url)
}

function ExternalLink({ href, children }: { href: string; children: string }) {
  return opensNewWindow(href) ? (
    <Link href={href} target="_blank" rel="noopener">
      {children}
      <Icon name="external" size="small" label="(opens in a new window)" />
    </Link>
  ) : (
    <Link href={href}>{children}</Link>
  )
}

function ContactList({ contactMethods }: { contactMethods: readonly ContactMethod[] }) {
  return (
    <ul className={entryList} aria-label="Contact methods">
      {contactMethods.map((method) => (
        <li key={method.id} className={entry}>
          <Text weight="bold" className={entryTitle}>
            {method.title}
          </Text>
          {method.url ? (
            <ExternalLink href={method.url}>{method.value}</ExternalLink>
          ) : (
            <Text>{method.value}</Text>
          )}
          {method.text ? (
            <Text size="small" tone="muted">
              {method.text}
            </Text>
          ) : null}
        </li>
      ))}
    </ul>
  )
}

function UpdateList({ updates }: { updates: readonly Update[] }) {
  const dates = useCustomerDates()
  if (updates.length === 0) return <Text tone="muted">{NO_UPDATES}</Text>
  return (
    <ul className={entryList} aria-label="Updates">
      {updates.map((update) => (
        <li key={update.id} className={entry}>
          {update.url ? (
            <ExternalLink href={update.url}>{update.title}</ExternalLink>
          ) : (
            <Text weight="bold" className={entryTitle}>
              {update.title}
            </Text>
          )}
          <Text size="small">{update.text}</Text>
          <Text size="small" tone="muted">
            <time dateTime={update.date}>{dates.date(update.date)}</time>
          </Text>
        </li>
      ))}
    </ul>
  )
}

export interface ContactUpdatesPanelProps {
  /** The tabs in display order (the dashboard shows Contact Us first, the orders page Updates). @default ['contact', 'updates'] */
  tabOrder?: readonly ContactUpdatesTab[]
  /** The tab shown first. @default 'contact' */
  defaultTab?: ContactUpdatesTab
}

/**
 * The right-hand tabs of the dashboard and the orders page: Contact Us (the user's contact methods: support bot,
 * support e-mail with its hours, crypto payment support) and Updates (an update with a url opens it in a new
 * window).
 */
export function ContactUpdatesPanel({
  tabOrder = contactUpdatesTabs,
  defaultTab = 'contact',
}: ContactUpdatesPanelProps) {
  const me = useMe()
  const content = (tab: ContactUpdatesTab) => {
    if (me.isPending) return <Spinner label="Loading" />
    if (tab === 'contact') return <ContactList contactMethods={me.data?.contactMethods ?? []} />
    return <UpdateList updates={me.data?.updates ?? []} />
  }
  return (
    <Tabs defaultSelectedKey={defaultTab}>
      <TabList aria-label="Help and news">
        {tabOrder.map((tab) => (
          <Tab key={tab} id={tab}>
            {tabLabels[tab]}
          </Tab>
        ))}
      </TabList>
      {tabOrder.map((tab) => (
        <TabPanel key={tab} id={tab}>
          <Stack gap="medium">{content(tab)}</Stack>
        </TabPanel>
      ))}
    </Tabs>
  )
}
