import { Text } from '@engage/ui'
import { PublicLayout, PublicPage, PublicPageSection } from '../PublicLayout'
import { SupportEmailLink } from '../SiteContacts'

export interface SecurityProps {
  /** The signed-in user's name, for the header's username menu. */
  username?: string
  /** Microblog profile address for the footer link. */
  microblogHref?: string
}

/** The Security page (/security): how accounts, keys and payments are protected, and how to report a problem. */
export function Security({ username, microblogHref }: SecurityProps) {
  return (
    <PublicLayout username={username} microblogHref={microblogHref}>
      <PublicPage
        title="Security"
        summary={
          <Text elementType="p" tone="muted">
            How Engage Panel protects your account, your keys and your money, and what you can do to help.
          </Text>
        }
      >
        <PublicPageSection title="Account protection">
          <ul>
            <li>
              <Text>
                Passwords must be 8 to 128 characters long and are stored only as salted Argon2id hashes.
              </Text>
            </li>
            <li>
              <Text>
                Repeated sign-in, sign-up and password reset attempts are rate limited to slow down guessing.
              </Text>
            </li>
            <li>
              <Text>Password reset links can be used once and expire after a short time.</Text>
            </li>
            <li>
              <Text>
                Sign-in with Google uses Google&apos;s standard OpenID Connect flow; we never see your Google
                password.
              </Text>
            </li>
          </ul>
        </PublicPageSection>

        <PublicPageSection title="Sessions">
          <Text elementType="p">
            Each sign-in creates a random session token; we store only its hash, so a copy of our database
            cannot be used to sign in as you. Logging out ends the session, and changing your password ends
            all your other sessions.
          </Text>
        </PublicPageSection>

        <PublicPageSection title="Keys and data at rest">
          <Text elementType="p">
            API keys you save for AI providers are encrypted at rest with AES-256-GCM and are only ever shown
            masked. The keys we use with our own engagement and payment providers are protected the same way.
          </Text>
        </PublicPageSection>

        <PublicPageSection title="Payments">
          <Text elementType="p">
            Deposits are paid in cryptocurrency through our payment provider, on the provider&apos;s own
            payment page: we never handle your wallet or its keys. Every payment notification is verified
            before your balance is credited, and each payment is credited exactly once. Every change to your
            balance is recorded as its own entry, so your balance always matches your transaction history.
          </Text>
        </PublicPageSection>

        <PublicPageSection title="Access control">
          <Text elementType="p">
            Access to customer data is governed by role-based access control with multi-user management: each
            person on our team can see only what their work requires.
          </Text>
        </PublicPageSection>

        <PublicPageSection title="Reporting a security issue">
          <Text elementType="p">
            If you believe you have found a vulnerability, or that someone has accessed your account, write to{' '}
            <SupportEmailLink /> with the details. Please give us a reasonable time to fix a vulnerability
            before making it public.
          </Text>
        </PublicPageSection>
      </PublicPage>
    </PublicLayout>
  )
}
