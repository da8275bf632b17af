import { Suspense } from 'react'
import { Outlet, useLocation } from 'react-router'
import { AppShell } from '@engage/screens'
import { ToastProvider } from '@engage/ui'
import { useTheme } from '../AppState'

/** The signed-in layout (spec §2): AppShell around the page; its toasts show at the bottom right. */
export default function SignedInLayout() {
  const { theme, setTheme } = useTheme()
  const { pathname } = useLocation()
  return (
    <ToastProvider>
      <AppShell theme={theme} onThemeChange={setTheme} currentPath={pathname}>
        {/* The shell stays while the next page's chunk loads. */}
        <Suspense fallback={null}>
          <Outlet />
        </Suspense>
      </AppShell>
    </ToastProvider>
  )
}
