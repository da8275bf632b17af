import { createContext, useContext, useSyncExternalStore } from 'react'
import { LAYOUT_BREAKPOINT_PX } from '@engage/contract'

const wideQuery = `(min-width: ${String(LAYOUT_BREAKPOINT_PX)}px)`

function subscribe(onChange: () => void) {
  const list = window.matchMedia(wideQuery)
  list.addEventListener('change', onChange)
  return () => list.removeEventListener('change', onChange)
}

/**
 * Whether the layout is wide where there is no window to ask: in a server render, and while the browser
 * hydrates that render's HTML (which must render what the server did). The app gives the same value to both.
 */
export const ServerWideLayoutContext = createContext(true)

/**
 * Whether the window is at least 768 px wide. The signed-in layout shows different controls on each side of
 * the breakpoint (not only different styles), so it needs the answer in JavaScript.
 */
export function useWideLayout(): boolean {
  const serverWide = useContext(ServerWideLayoutContext)
  return useSyncExternalStore(
    subscribe,
    () => window.matchMedia(wideQuery).matches,
    () => serverWide,
  )
}
