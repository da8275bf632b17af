import { REFUND_PAYOUT_BUSINESS_DAYS, REFUND_WINDOW_DAYS } from '@engage/contract'
import { Link, Text } from '@engage/ui'
import { PublicLayout, PublicPage, PublicPageSection } from '../PublicLayout'
import { SupportEmailLink } from '../SiteContacts'

export interface TermsOfServiceProps {
  /** The signed-in user's name, for the header's username menu. */
  username?: string
  /** Microblog profile address for the footer link. */
  microblogHref?: string
}

/** The Terms of Service (/terms): seven sections. */
export function TermsOfService({ username, microblogHref }: TermsOfServiceProps) {
  return (
    <PublicLayout username={username} microblogHref={microblogHref}>
      <PublicPage
        title="Terms of Service"
        summary={
          <Text elementType="p" tone="muted">
            These terms apply to everyone who creates an account on Engage Panel or places an order through
            it. Please read them before you order.
          </Text>
        }
      >
        <PublicPageSection title="1. Accounts and Eligibility">
          <Text elementType="p">
            You must be at least 18 years old, or an emancipated minor, to create an account. You are
            responsible for the accuracy of the details you give us, for keeping your password secret, and for
            everything done with your account. Tell us at once if you believe someone else has access to it.
          </Text>
        </PublicPageSection>

        <PublicPageSection title="2. Our Services">
          <Text elementType="p">
            Engage Panel sells social-media engagement services (such as followers, likes, views, retweets and
            AI-generated comments and tweets) delivered to the link you give in an order. Orders normally
            start within 24-48 hours; delivery speed depends on the service and the platform. For an order to
            be delivered:
          </Text>
          <ul>
            <li>
              <Text>the account or post you order for must be public for the whole time the order runs;</Text>
            </li>
            <li>
              <Text>
                you must not place multiple orders for the same link at the same time: wait until the running
                order is completed before ordering again for that link.
              </Text>
            </li>
          </ul>
          <Text elementType="p">
            If the account becomes private or the post is removed while an order runs, delivery stops until it
            is public again.
          </Text>
        </PublicPageSection>

        <PublicPageSection title="3. Prohibited Content and Use">
          <Text elementType="p">You may not use our services to promote:</Text>
          <ul>
            <li>
              <Text>adult or sexually explicit content;</Text>
            </li>
            <li>
              <Text>gambling or betting;</Text>
            </li>
            <li>
              <Text>anything illegal, fraudulent, hateful or harassing.</Text>
            </li>
          </ul>
          <Text elementType="p">
            We may refuse or cancel such orders and suspend accounts that place them. You must also respect
            the rules of the social platforms you order for; Engage Panel is not affiliated with any of them.
          </Text>
        </PublicPageSection>

        <PublicPageSection title="4. Payments, Balance and Refunds">
          <Text elementType="p">
            Your balance is kept in US dollars and funded with cryptocurrency through our payment provider; a
            deposit is credited once the blockchain confirms it. The price of an order is taken from your
            balance when you place it.
          </Text>
          <ul>
            <li>
              <Text>
                Funds added to your balance are non-refundable, except when a service is discontinued by
                mutual agreement.
              </Text>
            </li>
            <li>
              <Text>
                Refunds are only given for undelivered orders, and must be requested within{' '}
                {REFUND_WINDOW_DAYS} days of the order date. Approved refunds are paid to the original payment
                method within {REFUND_PAYOUT_BUSINESS_DAYS} business days.
              </Text>
            </li>
            <li>
              <Text>
                When an order is cancelled, or only partly delivered, the price of the undelivered part is
                returned to your balance automatically.
              </Text>
            </li>
          </ul>
        </PublicPageSection>

        <PublicPageSection title="5. Teams, API Access and AI Settings">
          <Text elementType="p">
            Accounts used by a team rely on role-based access control and multi-user management: give each
            person only the access they need, and remove access when they leave. API access and the AI
            provider keys you save in your AI settings are covered by these terms; you are responsible for how
            your own provider keys are used and for the costs their providers charge you.
          </Text>
        </PublicPageSection>

        <PublicPageSection title="6. Disclaimers and Liability">
          <Text elementType="p">
            We deliver the quantities you order, but we cannot promise any particular result such as reach,
            sales or lasting follower counts, and social platforms may remove engagement at their discretion.
            To the extent the law allows, our liability for any claim is limited to the amount you paid for
            the order concerned.
          </Text>
        </PublicPageSection>

        <PublicPageSection title="7. Changes, Termination and Contact">
          <Text elementType="p">
            We may change these terms; the current version is always on this page, and important changes are
            announced by e-mail before they apply. We may suspend or close accounts that break these terms.
            You can stop using the panel at any time. Questions: <SupportEmailLink />. See also our{' '}
            <Link href="/privacy">Privacy Policy</Link>.
          </Text>
        </PublicPageSection>
      </PublicPage>
    </PublicLayout>
  )
}
