import { Box, Button, Icon, Link } from '@engage/ui'
import { Menu, MenuItem, MenuTrigger, Popover } from 'react-aria-components'
import { brand, header, headerInner, menuItem, menuPopover, sectionList, sectionNav } from './SiteHeader.css'

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
          <MenuTrigger>
            <Button tone="ghost">
              <Icon name="user" size="small" />
              {username}
              <Icon name="chevronDown" size="small" />
            </Button>
            <Popover placement="bottom end" className={menuPopover}>
              <Menu aria-label="Account">
                <MenuItem href="/dashboard" className={menuItem}>
                  Dashboard
                </MenuItem>
                <MenuItem href="/settings" className={menuItem}>
                  Settings
                </MenuItem>
                <MenuItem href="/logout" textValue="Logout" className={menuItem}>
                  <Icon name="logout" size="small" />
                  Logout
                </MenuItem>
              </Menu>
            </Popover>
          </MenuTrigger>
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
