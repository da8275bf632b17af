import { Suspense } from 'react'
import { Outlet, useLocation } from 'react-router'
import { AppShell } from '@engage/screens'
import { useTheme } from '../AppState'

/** The signed-in layout: AppShell around the page (toasts show in the app's one ToastProvider). */
export default function SignedInLayout() {
  const { theme, setTheme } = useTheme()
  const { pathname } = useLocation()
  return (
    <AppShell theme={theme} onThemeChange={setTheme} currentPath={pathname}>
      {/* The shell stays while the next page's chunk loads. */}
      <Suspense fallback={null}>
        <Outlet />
      </Suspense>
    </AppShell>
  )
}
