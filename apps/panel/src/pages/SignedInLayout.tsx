import { lazy, Suspense } from 'react'
import { Outlet, useLocation } from 'react-router'
import { AppShell } from '@engage/screens'
import { useTheme } from '../AppState'

// Loaded once the page has rendered: a person in one workspace (most) sees nothing of it.
const WorkspaceSwitcherSlot = lazy(() => import('./WorkspaceSwitcherSlot'))

/** The signed-in layout: AppShell around the page (toasts show in the app's one ToastProvider). */
export default function SignedInLayout() {
  const { theme, setTheme } = useTheme()
  const { pathname } = useLocation()
  return (
    <AppShell
      theme={theme}
      onThemeChange={setTheme}
      currentPath={pathname}
      workspaceSwitcher={
        <Suspense fallback={null}>
          <WorkspaceSwitcherSlot />
        </Suspense>
      }
    >
      {/* The shell stays while the next page's chunk loads. */}
      <Suspense fallback={null}>
        <Outlet />
      </Suspense>
    </AppShell>
  )
}
