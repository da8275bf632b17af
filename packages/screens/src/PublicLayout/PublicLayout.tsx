import type { ReactNode } from 'react'
import { Box, Heading } from '@engage/ui'
import { SiteFooter } from '../SiteFooter'
import { SiteHeader, type SiteHeaderVariant } from '../SiteHeader'
import { main, page, prose, skipLink } from './PublicLayout.css'

/** The id of each public page's main landmark, target of the skip link. */
export const MAIN_CONTENT_ID = 'main-content'

export interface PublicLayoutProps {
  /** The signed-in user's name: the header then shows the username menu instead of Log in / Get started. */
  username?: string
  /** The landing's in-page scroll links, or links back to the landing's sections from other pages. @default 'page' */
  headerVariant?: SiteHeaderVariant
  /** Microblog profile address for the footer; the footer shows the microblog link only when it is given. */
  microblogHref?: string
  /** The page content, rendered in the main landmark. */
  children: ReactNode
}

/** The frame of every public page: skip link, site header, main landmark and site footer. */
export function PublicLayout({
  username,
  headerVariant = 'page',
  microblogHref,
  children,
}: PublicLayoutProps) {
  return (
    <div className={page}>
      {/* A plain anchor on purpose: the skip link must jump natively (and move focus), not go through the router. */}
      <a className={skipLink} href={`#${MAIN_CONTENT_ID}`}>
        Skip to content
      </a>
      <SiteHeader username={username} variant={headerVariant} />
      <main id={MAIN_CONTENT_ID} tabIndex={-1} className={main}>
        {children}
      </main>
      <SiteFooter microblogHref={microblogHref} />
    </div>
  )
}

export interface PublicPageProps {
  /** The page's title, its only h1. */
  title: string
  /** A short line under the title. */
  summary?: ReactNode
  /** The page's sections (PublicPageSection). */
  children: ReactNode
}

/** The body of a content page (About, Privacy Policy, Terms of Service, Security): a title and its sections. */
export function PublicPage({ title, summary, children }: PublicPageProps) {
  return (
    <Box as="article" maxWidth="medium" marginX="auto" paddingX="large" paddingY="xxxlarge">
      <Box display="flex" flexDirection="column" gap="small" marginBottom="xxlarge">
        <Heading level={1}>{title}</Heading>
        {summary}
      </Box>
      <Box display="flex" flexDirection="column" gap="xxlarge">
        {children}
      </Box>
    </Box>
  )
}

export interface PublicPageSectionProps {
  /** The section heading (h2); it also names the section landmark. */
  title: string
  /** Paragraphs and lists. */
  children: ReactNode
}

/** One titled section of a content page, named by its heading. */
export function PublicPageSection({ title, children }: PublicPageSectionProps) {
  const headingId = `section-${title
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '')}`
  return (
    <section aria-labelledby={headingId} className={prose}>
      <Heading level={2} size="medium" id={headingId}>
        {title}
      </Heading>
      {children}
    </section>
  )
}
