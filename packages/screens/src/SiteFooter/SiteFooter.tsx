import { Box, Heading, Link, Text } from '@engage/ui'
import { useSiteContacts } from '../SiteContacts'
import { footer, linkList } from './SiteFooter.css'

export interface SiteFooterProps {
  /** Microblog profile address; the microblog link is shown only when it is given. */
  microblogHref?: string
}

interface FooterGroupProps {
  title: string
  links: readonly { label: string; href: string }[]
}

function SiteFooterGroup({ title, links }: FooterGroupProps) {
  const headingId = `footer-${title.toLowerCase()}`
  return (
    <nav aria-labelledby={headingId}>
      <Box display="flex" flexDirection="column" gap="medium">
        <Heading level={2} size="small" id={headingId}>
          {title}
        </Heading>
        <ul className={linkList}>
          {links.map((link) => (
            <li key={link.href}>
              <Link href={link.href}>{link.label}</Link>
            </li>
          ))}
        </ul>
      </Box>
    </nav>
  )
}

/**
 * The public pages' footer: Company, Legal and Contact links (the support bot and mailbox the operator lists),
 * and the copyright line.
 */
export function SiteFooter({ microblogHref }: SiteFooterProps) {
  const contacts = useSiteContacts()
  const contactLinks = [
    ...(contacts.supportBotHref ? [{ label: 'Support bot', href: contacts.supportBotHref }] : []),
    ...(contacts.supportEmail ? [{ label: 'Email support', href: `mailto:${contacts.supportEmail}` }] : []),
    ...(microblogHref ? [{ label: 'Follow us on X', href: microblogHref }] : []),
  ]
  return (
    <footer className={footer}>
      <Box
        maxWidth="large"
        marginX="auto"
        paddingX="large"
        paddingY="xxlarge"
        display="flex"
        flexDirection="column"
        gap="xlarge"
      >
        <Box display="grid" gridTemplateColumns={{ mobile: 'one', tablet: 'three' }} gap="xlarge">
          <SiteFooterGroup title="Company" links={[{ label: 'About', href: '/about' }]} />
          <SiteFooterGroup
            title="Legal"
            links={[
              { label: 'Privacy', href: '/privacy' },
              { label: 'Terms', href: '/terms' },
              { label: 'Security', href: '/security' },
            ]}
          />
          {contactLinks.length > 0 ? <SiteFooterGroup title="Contact" links={contactLinks} /> : null}
        </Box>
        <Text size="small" tone="muted">
          © {new Date().getFullYear()} Engage Panel. All rights reserved.
        </Text>
      </Box>
    </footer>
  )
}
