// The document title of each route; the server render puts it in the prerendered page's head.

const titles: Record<string, string> = {
  '/': 'Engage Panel: social media engagement, ordered in minutes',
  '/about': 'About | Engage Panel',
  '/privacy': 'Privacy Policy | Engage Panel',
  '/terms': 'Terms of Service | Engage Panel',
  '/security': 'Security | Engage Panel',
  '/services': 'Services | Engage Panel',
  '/auth': 'Sign in | Engage Panel',
  '/dashboard': 'Dashboard | Engage Panel',
  '/orders': 'Orders History | Engage Panel',
  '/wallet': 'Wallet | Engage Panel',
  '/analytics': 'Analytics | Engage Panel',
  '/settings': 'Settings | Engage Panel',
  '/support': 'Support | Engage Panel',
  '/notifications': 'Notifications | Engage Panel',
  '/affiliates': 'Affiliates | Engage Panel',
}

/** Unknown paths show the landing page, and its title. */
export function titleOf(pathname: string): string {
  const path = (pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname).replace(
    /^\/support\/.+$/,
    '/support',
  )
  return titles[path] ?? titles['/'] ?? 'Engage Panel'
}
