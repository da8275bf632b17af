import { CLAIMED_USERS } from '@engage/contract'
import { Link, Text } from '@engage/ui'
import { PublicLayout, PublicPage, PublicPageSection } from '../PublicLayout'
import { useSiteContacts } from '../SiteContacts'

export interface AboutProps {
  /** The signed-in user's name, for the header's username menu. */
  username?: string
  /** Microblog profile address for the footer link. */
  microblogHref?: string
}

/** The About page (/about): mission, what we offer, why us, team, join us. */
export function About({ username, microblogHref }: AboutProps) {
  const { supportHours } = useSiteContacts()
  return (
    <PublicLayout username={username} microblogHref={microblogHref}>
      <PublicPage
        title="About Engage Panel"
        summary={
          <Text elementType="p" size="large" tone="muted">
            A self-service panel for ordering social-media engagement, built for businesses, influencers and
            creators.
          </Text>
        }
      >
        <PublicPageSection title="Our mission">
          <Text elementType="p">
            Getting noticed on social media should not depend on having an agency. Our mission is to give
            every business, influencer and creator the same tools the big accounts use: engagement you can
            order in minutes, priced openly, and followed through from the moment you pay until the last unit
            is delivered.
          </Text>
        </PublicPageSection>

        <PublicPageSection title="What we offer">
          <ul>
            <li>
              <Text>
                Engagement services for a post or profile: followers, likes, views, retweets and follows,
                ordered against the link you give us.
              </Text>
            </li>
            <li>
              <Text>
                AI-written comments and tweets, generated with AI settings you control (model, temperature,
                prompts), using your own provider key or ours.
              </Text>
            </li>
            <li>
              <Text>
                Mass orders that put several services on one checkout, and subscriptions that renew an order
                on a schedule you choose.
              </Text>
            </li>
            <li>
              <Text>
                A USD wallet you fund with cryptocurrency, and an order history with the live status of each
                order.
              </Text>
            </li>
          </ul>
        </PublicPageSection>

        <PublicPageSection title="Why us">
          <ul>
            <li>
              <Text>
                Clear prices: every service shows its price per 1,000 units before you order, and the total is
                shown before you confirm.
              </Text>
            </li>
            <li>
              <Text>
                Fast starts: orders normally start within 24-48 hours, and you can follow each one from
                pending to completed.
              </Text>
            </li>
            <li>
              <Text>
                Fair refunds: undelivered orders can be refunded when you ask within 3 days of the order date,
                to your original payment method within 10 business days.
              </Text>
            </li>
            <li>
              <Text>
                Security first: passwords are hashed, sessions can be ended, and the AI provider keys you
                store are encrypted at rest.
              </Text>
            </li>
          </ul>
        </PublicPageSection>

        <PublicPageSection title="Our team">
          <Text elementType="p">
            We are a small team of engineers, marketers and support staff who have run social campaigns
            ourselves. The engineers keep the panel, the order pipeline and the payment integrations running;
            the support team answers questions{supportHours ? ` (${supportHours})` : ''} through our support
            bot or by e-mail.
          </Text>
        </PublicPageSection>

        <PublicPageSection title="Join us">
          <Text elementType="p">
            {CLAIMED_USERS} marketers and creators already use Engage Panel. Creating an account is free: you
            only pay for the orders you place.
          </Text>
          <Text elementType="p">
            <Link href="/auth">Create your account</Link>
          </Text>
        </PublicPageSection>
      </PublicPage>
    </PublicLayout>
  )
}
