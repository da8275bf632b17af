import type { Decorator } from '@storybook/react-vite'
import type { ContactMethod } from '@engage/contract'
import { fixtureContactMethods } from '@engage/mocks'
import { SiteContactsProvider } from '@engage/screens'

/**
 * A public page as the server renders it: with the operator's contact methods (the mocks' three, or the ones
 * given), which its footer and texts name.
 */
export function withSiteContacts(
  contactMethods: readonly ContactMethod[] = fixtureContactMethods(),
): Decorator {
  const decorator: Decorator = (Story) => (
    <SiteContactsProvider contactMethods={contactMethods}>
      <Story />
    </SiteContactsProvider>
  )
  return decorator
}
