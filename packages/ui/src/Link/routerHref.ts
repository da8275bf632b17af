/**
 * An address with a scheme of its own (`https:`, `mailto:`, `tel:`) or a protocol-relative one (`//host`) is
 * already complete; only paths inside the app are the router's to resolve.
 */
export function isAbsoluteAddress(href: string): boolean {
  return /^(?:[a-z][a-z\d+.-]*:|\/\/)/i.test(href)
}

/**
 * Wraps a router's `useHref` for RAC's `RouterProvider`, which runs every link's `href` through it. A router
 * resolves what it is given against the current path, so `https://t.me/bot` on `/dashboard` would become
 * `/dashboard/https:/t.me/bot`; complete addresses are passed through untouched instead.
 */
export function keepAbsoluteAddresses(useRouterHref: (href: string) => string) {
  return function useHref(href: string): string {
    // Called on every render whatever the address, so the router's hook order never changes.
    const resolved = useRouterHref(href)
    return isAbsoluteAddress(href) ? href : resolved
  }
}
