import { useEffect, useId, useRef, useState, type ReactNode } from 'react'
import { formatLedgerUsd } from '@engage/contract'
import { useMe } from '@engage/client'
import {
  Button,
  Icon,
  Link,
  Menu,
  MenuItem,
  MenuSeparator,
  MenuTrigger,
  Spinner,
  ThemeToggle,
  VisuallyHidden,
  type Theme,
} from '@engage/ui'
import {
  balanceChip,
  brand,
  content,
  header,
  headerActions,
  main,
  navLink,
  navList,
  shell,
  sidebar,
  sidebarContent,
  sidebarHeader,
  skipLink,
  userName,
} from './AppShell.css'
import { useWideLayout } from './useWideLayout'
import { NotificationBell, NOTIFICATIONS_HREF } from '../Notifications/NotificationBell'
import { CHANGE_PASSWORD_HREF } from '../AuthForm/authPaths'

/** The id of the signed-in pages' main landmark. */
export const APP_MAIN_ID = 'app-main'

/** The sidebar's links; the two order links show in the sidebar on wide screens only. */
export const appShellLinks = [
  { href: '/dashboard', label: 'Orders', isOrderLink: true },
  { href: '/orders', label: 'Orders History', isOrderLink: true },
  { href: '/services', label: 'Services', isOrderLink: false },
  { href: '/wallet', label: 'Wallet', isOrderLink: false },
  { href: '/analytics', label: 'Analytics', isOrderLink: false },
  { href: '/support', label: 'Support', isOrderLink: false },
  { href: '/affiliates', label: 'Affiliates', isOrderLink: false },
  { href: '/settings', label: 'Settings', isOrderLink: false },
] as const

export interface AppShellProps {
  /** The page, rendered in the main landmark. */
  children: ReactNode
  /** The colour theme in use (the app persists it). */
  theme: Theme
  /** Called with the theme the user switched to. */
  onThemeChange: (theme: Theme) => void
  /** The path shown, to mark its sidebar link as the current page. */
  currentPath?: string
  /** Shown first in the top bar: the workspace switcher, which the app loads on its own. */
  workspaceSwitcher?: ReactNode
}

/**
 * The signed-in layout: a sidebar with Orders, Orders History, Services, Wallet, Analytics, Support, Affiliates and Settings (collapsible below
 * 768 px, where the order links move to the user menu), a top bar with the balance chip and its plus link to
 * the wallet, the notification bell with its unread count, the dark-mode toggle and the user menu, and the page
 * in the main area.
 */
export function AppShell({ children, theme, onThemeChange, currentPath, workspaceSwitcher }: AppShellProps) {
  const isWide = useWideLayout()
  const me = useMe()
  const [isSidebarOpen, setSidebarOpen] = useState(false)
  const sidebarId = useId()
  // ui's Button takes no ref; its id finds it for the focus moves below.
  const openButtonId = useId()
  const closeButtonId = useId()
  const wasOpen = useRef(false)

  // '—' when the user data could not be loaded: a made-up $0.00 would read as an empty wallet.
  const balance = me.data ? formatLedgerUsd(me.data.balance) : me.isPending ? null : '—'
  const username = me.data?.username || 'Account'
  const isSidebarShown = isWide || isSidebarOpen
  const otherTheme: Theme = theme === 'dark' ? 'light' : 'dark'

  // The narrow sidebar covers the page, so Escape closes it like a dialog.
  useEffect(() => {
    if (isWide || !isSidebarOpen) return
    const closeOnEscape = (event: KeyboardEvent) => {
      if (event.key === 'Escape') setSidebarOpen(false)
    }
    document.addEventListener('keydown', closeOnEscape)
    return () => document.removeEventListener('keydown', closeOnEscape)
  }, [isWide, isSidebarOpen])

  // Opening the narrow sidebar moves focus into it; closing returns focus to the menu button.
  useEffect(() => {
    if (isWide) return
    if (isSidebarOpen) document.getElementById(closeButtonId)?.focus()
    else if (wasOpen.current) document.getElementById(openButtonId)?.focus()
    wasOpen.current = isSidebarOpen
  }, [isSidebarOpen, isWide, openButtonId, closeButtonId])

  return (
    <div className={shell}>
      {/* A plain anchor on purpose: the skip link must jump natively (and move focus), not go through the router. */}
      <a className={skipLink} href={`#${APP_MAIN_ID}`}>
        Skip to content
      </a>
      <nav
        id={sidebarId}
        aria-label="Main"
        className={sidebar}
        hidden={!isSidebarShown}
        data-overlay={!isWide || undefined}
      >
        <div className={sidebarContent}>
          <div className={sidebarHeader}>
            <Link href="/" className={brand}>
              Engage Panel
            </Link>
            {isWide ? null : (
              <Button
                id={closeButtonId}
                tone="ghost"
                isIconOnly
                aria-label="Close menu"
                onPress={() => setSidebarOpen(false)}
              >
                <Icon name="close" />
              </Button>
            )}
          </div>
          <ul className={navList}>
            {appShellLinks
              .filter((link) => isWide || !link.isOrderLink)
              .map((link) => (
                <li key={link.href}>
                  <Link
                    href={link.href}
                    variant="standalone"
                    className={navLink}
                    aria-current={
                      currentPath === link.href || currentPath?.startsWith(`${link.href}/`)
                        ? 'page'
                        : undefined
                    }
                    onPress={() => setSidebarOpen(false)}
                  >
                    {link.label}
                  </Link>
                </li>
              ))}
          </ul>
        </div>
      </nav>
      <div className={content}>
        <header className={header}>
          {isWide ? null : (
            <Button
              id={openButtonId}
              tone="ghost"
              isIconOnly
              aria-label="Open menu"
              aria-expanded={isSidebarOpen}
              aria-controls={sidebarId}
              onPress={() => setSidebarOpen(true)}
            >
              <Icon name="menu" />
            </Button>
          )}
          <div className={headerActions}>
            {workspaceSwitcher}
            {isWide ? (
              <div className={balanceChip}>
                {balance === null ? (
                  <Spinner size="small" label="Loading balance" />
                ) : (
                  <span>
                    <VisuallyHidden>Balance </VisuallyHidden>
                    {balance}
                  </span>
                )}
                <Link href="/wallet" aria-label="Add funds">
                  <Icon name="plus" size="small" />
                </Link>
              </div>
            ) : null}
            <NotificationBell
              unread={me.data?.unreadNotifications ?? 0}
              isCurrent={currentPath === NOTIFICATIONS_HREF}
            />
            {isWide ? <ThemeToggle theme={theme} onThemeChange={onThemeChange} /> : null}
            <MenuTrigger>
              <Button tone="ghost">
                <Icon name="user" size="small" />
                <span className={userName}>{username}</span>
                <Icon name="chevronDown" size="small" />
              </Button>
              <Menu>
                {isWide ? null : <MenuItem href="/wallet">{`Balance: ${balance ?? '…'}`}</MenuItem>}
                {isWide ? null : <MenuSeparator />}
                <MenuItem href="/dashboard">Dashboard</MenuItem>
                <MenuItem href="/">Home</MenuItem>
                {isWide ? null : <MenuItem href="/dashboard">Orders</MenuItem>}
                {isWide ? null : <MenuItem href="/orders">Orders History</MenuItem>}
                <MenuItem href="/settings">Settings</MenuItem>
                <MenuItem href={CHANGE_PASSWORD_HREF}>Change Password</MenuItem>
                <MenuItem href="/wallet">Wallet</MenuItem>
                {isWide ? null : (
                  <MenuItem onAction={() => onThemeChange(otherTheme)}>
                    {otherTheme === 'light' ? 'Light mode' : 'Dark mode'}
                  </MenuItem>
                )}
                <MenuSeparator />
                <MenuItem href="/logout" textValue="Logout">
                  <Icon name="logout" size="small" />
                  Logout
                </MenuItem>
              </Menu>
            </MenuTrigger>
          </div>
        </header>
        <main id={APP_MAIN_ID} tabIndex={-1} className={main}>
          {children}
        </main>
      </div>
    </div>
  )
}
