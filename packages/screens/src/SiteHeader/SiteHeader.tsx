import { lazy, Suspense, useState } from 'react'
import { Box, Link } from '@engage/ui'
import { brand, header, headerInner, sectionList, sectionNav } from './SiteHeader.css'
import { SiteHeaderAccountButton } from './SiteHeaderAccountButton'

// The username menu (react-aria's menu, popover and overlays) is loaded only when a username is shown: the
// public pages' JavaScript budget has no room for it, and signed-out visitors never open it.
const SiteHeaderAccountMenu = lazy(() => import('./SiteHeaderAccountMenu'))

/** The landing page's sections that the header scrolls to, in page order. */
export const siteSections = [
  { id: 'features', label: 'Features' },
  { id: 'pricing', label: 'Pricing' },
  { id: 'testimonials', label: 'Testimonials' },
] as const
export type SiteSectionId = (typeof siteSections)[number]['id']

/** 'landing': in-page scroll links (all three sections); 'page': links back to the landing's sections. */
export const siteHeaderVariants = ['landing', 'page'] as const
export type SiteHeaderVariant = (typeof siteHeaderVariants)[number]

/**
 * Scrolls a landing section into view and moves focus to it, so keyboard and screen reader users continue
 * reading from there. Smooth scrolling only when the user has not asked for reduced motion.
 */
export function scrollToSection(id: string): void {
  const section = document.getElementById(id)
  if (!section) return
  const reducedMotion = window.matchMedia('(prefers-reduced-motion: reduce)').matches
  section.scrollIntoView({ behavior: reducedMotion ? 'auto' : 'smooth', block: 'start' })
  section.focus({ preventScroll: true })
}

export interface SiteHeaderProps {
  /** The signed-in user's name: shows the username menu (Dashboard, Settings, Logout) instead of Log in / Get started. */
  username?: string
  /** Which section links to show and where they lead. @default 'landing' */
  variant?: SiteHeaderVariant
}

/** The public pages' header: brand, section links, and the account actions. */
export function SiteHeader({ username, variant = 'landing' }: SiteHeaderProps) {
  // Testimonials exist only on the full landing; the other pages link back to the landing's own sections.
  const sections =
    variant === 'landing' ? siteSections : siteSections.filter((section) => section.id !== 'testimonials')
  return (
    <header className={header}>
      <Box maxWidth="large" marginX="auto" paddingX="large" paddingY="medium" className={headerInner}>
        <Link href="/" className={brand}>
          Engage Panel
        </Link>
        <nav aria-label="Sections" className={sectionNav}>
          <ul className={sectionList}>
            {sections.map((section) => (
              <li key={section.id}>
                {variant === 'landing' ? (
                  <Link href={`#${section.id}`} onPress={() => scrollToSection(section.id)}>
                    {section.label}
                  </Link>
                ) : (
                  <Link href={`/#${section.id}`}>{section.label}</Link>
                )}
              </li>
            ))}
          </ul>
        </nav>
        {username ? (
          <AccountMenu username={username} />
        ) : (
          <Box display="flex" alignItems="center" gap="small">
            <Link href="/auth">Log in</Link>
            <Link href="/auth" variant="button">
              Get started
            </Link>
          </Box>
        )}
      </Box>
    </header>
  )
}

/** The username menu; until its code has loaded, its button alone, which opens the menu once it is there. */
function AccountMenu({ username }: { username: string }) {
  const [openRequested, setOpenRequested] = useState(false)
  return (
    <Suspense
      fallback={<SiteHeaderAccountButton username={username} onPress={() => setOpenRequested(true)} />}
    >
      <SiteHeaderAccountMenu username={username} defaultOpen={openRequested} />
    </Suspense>
  )
}
