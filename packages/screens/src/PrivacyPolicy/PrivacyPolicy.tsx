import { Link, Text } from '@engage/ui'
import { PublicLayout, PublicPage, PublicPageSection } from '../PublicLayout'
import { SupportEmailLink, useSiteContacts } from '../SiteContacts'

export interface PrivacyPolicyProps {
  /** The signed-in user's name, for the header's username menu. */
  username?: string
  /** Microblog profile address for the footer link. */
  microblogHref?: string
}

/** The Privacy Policy (/privacy): ten numbered sections. */
export function PrivacyPolicy({ username, microblogHref }: PrivacyPolicyProps) {
  const { supportBotHref } = useSiteContacts()
  return (
    <PublicLayout username={username} microblogHref={microblogHref}>
      <PublicPage
        title="Privacy Policy"
        summary={
          <Text elementType="p" tone="muted">
            This policy explains what personal information Engage Panel collects when you use the panel, why,
            who it is shared with, and the choices you have.
          </Text>
        }
      >
        <PublicPageSection title="1. Information We Collect">
          <ul>
            <li>
              <Text>
                Account details: your e-mail address, a hash of your password (never the password itself), and
                the phone number and timezone you add in Settings.
              </Text>
            </li>
            <li>
              <Text>
                Order details: the service, the target link and the quantity of each order, and the schedule
                of your subscriptions.
              </Text>
            </li>
            <li>
              <Text>
                Payment details: the amount, currency, status and blockchain transaction reference of each
                deposit. Payments are handled by a crypto payment provider; we never see or store your wallet
                keys.
              </Text>
            </li>
            <li>
              <Text>
                AI settings: the names, models, prompts and optional provider API keys you save for
                AI-generated comments and tweets.
              </Text>
            </li>
            <li>
              <Text>
                Technical data: your IP address, browser type and the times of your requests, kept in security
                logs.
              </Text>
            </li>
          </ul>
        </PublicPageSection>

        <PublicPageSection title="2. How We Use Your Information">
          <Text elementType="p">
            We use your information to run your account, place and track your orders, credit your deposits,
            answer support requests, keep the panel secure (for example by limiting repeated sign-in
            attempts), and send you messages about your account such as password reset links. We do not sell
            your personal information and we do not use it for advertising.
          </Text>
        </PublicPageSection>

        <PublicPageSection title="3. Cookies and Local Storage">
          <Text elementType="p">
            The panel keeps your sign-in token, your session identifier and your dark-mode preference in your
            browser&apos;s local storage so that you stay signed in between visits. Logging out removes the
            sign-in token and session identifier. We do not use advertising or tracking cookies.
          </Text>
        </PublicPageSection>

        <PublicPageSection title="4. How We Share Information">
          <Text elementType="p">We share only what each party needs to do its part:</Text>
          <ul>
            <li>
              <Text>
                Engagement providers receive the target link and quantity of an order, never your e-mail or
                payment details.
              </Text>
            </li>
            <li>
              <Text>
                The crypto payment provider receives the amount and an order reference for each deposit.
              </Text>
            </li>
            <li>
              <Text>
                The AI provider you choose receives the prompts of your AI settings when comments or tweets
                are generated for your orders.
              </Text>
            </li>
            <li>
              <Text>Google receives a sign-in request if you choose to sign in with Google.</Text>
            </li>
            <li>
              <Text>Authorities, when the law requires us to disclose information.</Text>
            </li>
          </ul>
        </PublicPageSection>

        <PublicPageSection title="5. Data Security">
          <Text elementType="p">
            Passwords are stored only as salted Argon2id hashes and sign-in tokens only as hashes. API keys
            you save for AI providers are encrypted at rest and shown masked. Our staff access customer data
            under role-based access control, only as far as their work requires. Read more on our{' '}
            <Link href="/security">Security</Link> page.
          </Text>
        </PublicPageSection>

        <PublicPageSection title="6. Data Retention">
          <Text elementType="p">
            We keep your account information for as long as your account is open. Order and transaction
            records are kept for as long as accounting and tax law requires, and to handle refund requests and
            disputes. Security logs are deleted after a limited period. When you close your account we delete
            or anonymise the rest.
          </Text>
        </PublicPageSection>

        <PublicPageSection title="7. Your Rights">
          <Text elementType="p">
            You can see and correct your e-mail, phone number and timezone in Settings at any time. You may
            also ask us for a copy of your data, ask us to delete it, or object to how we use it, by writing
            to <SupportEmailLink />. We answer within 30 days.
          </Text>
        </PublicPageSection>

        <PublicPageSection title="8. Children's Privacy">
          <Text elementType="p">
            Our services are not for children under 13, and we do not knowingly collect information from them.
            If we learn that a child under 13 has given us personal information, we delete it. Accounts are in
            any case only for people aged 18 or over, or emancipated minors (see the{' '}
            <Link href="/terms">Terms of Service</Link>).
          </Text>
        </PublicPageSection>

        <PublicPageSection title="9. Changes to This Policy">
          <Text elementType="p">
            We may update this policy when the panel or the law changes. We will post the new version on this
            page and, for important changes, tell you by e-mail before they take effect.
          </Text>
        </PublicPageSection>

        <PublicPageSection title="10. Contact Us">
          <Text elementType="p">
            Questions about this policy or your data: write to <SupportEmailLink />
            {supportBotHref ? (
              <>
                {' '}
                or message our <Link href={supportBotHref}>support bot</Link>
              </>
            ) : null}
            .
          </Text>
        </PublicPageSection>
      </PublicPage>
    </PublicLayout>
  )
}
