import { createContext, useContext, type ReactNode } from 'react'
import type { ContactMethod } from '@engage/contract'
import { Link } from '@engage/ui'

// Where visitors reach support, as the operator keeps it in the Contact Us methods: the same list the
// dashboard's Contact Us tab shows (GET /api/contact-methods, or the current user's contactMethods). The public
// pages are rendered with it by the server, so every page names the same addresses and hours.

export interface SiteContacts {
  /** The chat support bot's address, when the operator lists one. */
  supportBotHref: string | null
  /** The support mailbox, when the operator lists one. */
  supportEmail: string | null
  /** The mailbox's hours as the operator wrote them ('Everyday | 9 AM to 5 PM'). */
  supportHours: string | null
}

const mailAddress = (method: ContactMethod) =>
  method.url?.toLowerCase().startsWith('mailto:') ? method.url.slice('mailto:'.length) : method.value

/** The support contacts in the operator's contact methods: the first chat method and the first mail method. */
export function siteContactsOf(methods: readonly ContactMethod[]): SiteContacts {
  const bot = methods.find((method) => method.icon === 'chat' && method.url)
  const mail = methods.find((method) => method.icon === 'mail')
  return {
    supportBotHref: bot?.url ?? null,
    supportEmail: mail ? mailAddress(mail) : null,
    supportHours: mail?.text ? mail.text : null,
  }
}

const noContacts: SiteContacts = { supportBotHref: null, supportEmail: null, supportHours: null }
const SiteContactsContext = createContext<SiteContacts>(noContacts)

/** Gives the public pages the operator's contact methods. Without it they name no address at all. */
export function SiteContactsProvider({
  contactMethods,
  children,
}: {
  contactMethods: readonly ContactMethod[]
  children: ReactNode
}) {
  return <SiteContactsContext value={siteContactsOf(contactMethods)}>{children}</SiteContactsContext>
}

export function useSiteContacts(): SiteContacts {
  return useContext(SiteContactsContext)
}

/** The support mailbox as a mail link, or, when the operator lists none, the words 'our support team'. */
export function SupportEmailLink() {
  const { supportEmail } = useSiteContacts()
  return supportEmail ? <Link href={`mailto:${supportEmail}`}>{supportEmail}</Link> : <>our support team</>
}
