import { AppShell, ServicesCatalogue } from '@engage/screens'
import { useSession, useTheme } from '../AppState'
import ServicesPage from './ServicesPage'

/**
 * /services inside the app: in the signed-in layout (the sidebar's Services) when a session exists, else the
 * public page. A page load of /services is always the prerendered public page.
 */
export default function ServicesRoutePage() {
  const { token } = useSession()
  const { theme, setTheme } = useTheme()
  if (token === null) return <ServicesPage />
  return (
    <AppShell theme={theme} onThemeChange={setTheme} currentPath="/services">
      <ServicesCatalogue />
    </AppShell>
  )
}
