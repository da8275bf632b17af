import { useEffect, type ReactNode } from 'react'
import { CLAIMED_USERS, VOLUME_DISCOUNT_UNITS, type Service } from '@engage/contract'
import { Box, Card, Heading, Link, Text } from '@engage/ui'
import { PricingGrid } from '../PricingGrid'
import { PublicLayout } from '../PublicLayout'
import { scrollToSection, siteSections } from '../SiteHeader'
import {
  closing,
  featureGrid,
  hero,
  heroTitle,
  lead,
  quote,
  quoteText,
  section,
  volumeNote,
} from './Landing.css'

/** The four items of the feature grid, each with one sentence that says what the panel really does. */
export const landingFeatures = [
  {
    title: 'AI-Powered Engagement',
    description:
      'Order AI-written comments and tweets generated with your own AI settings: model, temperature and prompts, with your provider key or ours.',
  },
  {
    title: 'Real-time Analytics',
    description:
      'Follow every order from pending to completed, with your balance, spending and transaction history on one dashboard.',
  },
  {
    title: 'Advanced Security',
    description:
      'Passwords are hashed with Argon2id, sessions can be ended at any time, and your AI provider keys are encrypted at rest.',
  },
  {
    title: 'Mass Orders and Subscriptions',
    description:
      'Queue several services in one mass order, or subscribe once and the order is placed again every period until the end date.',
  },
] as const

/** Illustrative quotes, labelled as examples on the page so no reader takes them for real customers. */
export const landingTestimonials = [
  {
    quote:
      'Our AI settings keep the brand voice in every comment, and a mass order for a product launch takes five minutes.',
    author: 'Maya, social media manager',
  },
  {
    quote:
      'I top up with USDT, order views for each new video, and see the status of every order on my dashboard.',
    author: 'Daniel, video creator',
  },
  {
    quote:
      'With a subscription, likes arrive on my posts every day without me placing a new order each time.',
    author: 'Priya, fitness creator',
  },
] as const

export interface LandingProps {
  /** The signed-in user's name: the header shows the username menu, and the custom order link goes to the dashboard. */
  username?: string
  /** Microblog profile address for the footer link. */
  microblogHref?: string
  /** The pricing grid's service list when the page already has it (prerendered); otherwise the grid loads it. */
  services?: readonly Service[]
}

interface LandingSectionProps {
  id: string
  title: string
  intro?: ReactNode
  children: ReactNode
}

function LandingSection({ id, title, intro, children }: LandingSectionProps) {
  return (
    <section id={id} aria-labelledby={`${id}-heading`} tabIndex={-1} className={section}>
      <Box
        maxWidth="large"
        marginX="auto"
        paddingX="large"
        paddingY="xxxlarge"
        display="flex"
        flexDirection="column"
        gap="xlarge"
      >
        <Box display="flex" flexDirection="column" gap="small">
          <Heading level={2} id={`${id}-heading`}>
            {title}
          </Heading>
          {intro}
        </Box>
        {children}
      </Box>
    </section>
  )
}

/** The landing page (/ and any unknown path): hero, features, pricing, testimonials and a closing call to action. */
export function Landing({ username, microblogHref, services }: LandingProps) {
  // Arriving from another page's section link (/#pricing), the section is scrolled to once the page is drawn.
  useEffect(() => {
    const sectionId = window.location.hash.slice(1)
    if (siteSections.some((siteSection) => siteSection.id === sectionId)) scrollToSection(sectionId)
  }, [])

  return (
    <PublicLayout username={username} microblogHref={microblogHref} headerVariant="landing">
      <div className={hero}>
        <Box
          maxWidth="large"
          marginX="auto"
          paddingX="large"
          paddingY="xxxlarge"
          display="flex"
          flexDirection="column"
          gap="xlarge"
        >
          <Heading level={1} className={heroTitle}>
            Social media engagement, ordered in minutes
          </Heading>
          <Text elementType="p" size="large" tone="muted" className={lead}>
            Followers, likes, views, retweets and AI-written comments and tweets for any public profile or
            post. Pay from a USD wallet funded with crypto; orders normally start within 24-48 hours.
          </Text>
          <Box display="flex" flexWrap="wrap" alignItems="center" gap="large">
            <Link href="/auth" variant="button" size="large">
              Order now
            </Link>
            <Link href="/about">Learn more</Link>
          </Box>
        </Box>
      </div>

      <LandingSection id="features" title="Features">
        <ul className={featureGrid}>
          {landingFeatures.map((item) => (
            <Card as="li" key={item.title} display="flex" flexDirection="column" gap="small">
              <Heading level={3} size="medium">
                {item.title}
              </Heading>
              <Text elementType="p" tone="muted">
                {item.description}
              </Text>
            </Card>
          ))}
        </ul>
      </LandingSection>

      <LandingSection
        id="pricing"
        title="Pricing"
        intro={
          <Text elementType="p" tone="muted">
            Pay per 1,000 units, from your balance. No subscriptions required, no hidden fees.
          </Text>
        }
      >
        <PricingGrid headingLevel={3} services={services} />
        <Box paddingX="large" paddingY="medium" className={volumeNote}>
          <Text elementType="p">
            Volume discounts are available for orders over {VOLUME_DISCOUNT_UNITS.toLocaleString('en-US')}{' '}
            units. <Link href={username ? '/dashboard' : '/auth'}>Create a custom order</Link>
          </Text>
        </Box>
      </LandingSection>

      <LandingSection
        id="testimonials"
        title="Testimonials"
        intro={
          <Text elementType="p" tone="muted">
            Examples of how customers use the panel. These quotes are illustrative, not statements by real
            customers.
          </Text>
        }
      >
        <ul className={featureGrid}>
          {landingTestimonials.map((testimonial) => (
            <Card as="li" key={testimonial.author}>
              <figure className={quote}>
                <blockquote className={quoteText}>
                  <Text elementType="p">“{testimonial.quote}”</Text>
                </blockquote>
                <figcaption>
                  <Text size="small" tone="muted">
                    {testimonial.author} (example)
                  </Text>
                </figcaption>
              </figure>
            </Card>
          ))}
        </ul>
      </LandingSection>

      <section aria-labelledby="closing-heading" className={closing}>
        <Box
          maxWidth="medium"
          marginX="auto"
          paddingX="large"
          paddingY="xxxlarge"
          display="flex"
          flexDirection="column"
          alignItems="center"
          gap="large"
          textAlign="center"
        >
          <Heading level={2} id="closing-heading">
            Ready to grow your audience?
          </Heading>
          <Text elementType="p" size="large" tone="muted">
            Join {CLAIMED_USERS} marketers and creators who order their engagement on Engage Panel.
          </Text>
          <Link href="/auth" variant="button" size="large">
            Get started now
          </Link>
        </Box>
      </section>
    </PublicLayout>
  )
}
