import { useEffect, useState } from 'react'
import { useParams } from 'react-router'
import { AdminClientProvider, createAdminClient } from '@engage/client'
import { ADMIN_CONSOLE_TITLE, AdminConsole, adminSections, isAdminSection } from '@engage/screens/admin'
import { useTheme } from '../AppState'
import { readStoredToken } from '../session'

/**
 * /admin and /admin/{section}: the operator console, its own lazy chunk (with @engage/screens/admin and the
 * admin client), so customers never download it. Behind the sign-in guard; the console itself asks the
 * server who is operating and shows a customer that the page is not for them.
 */
export default function AdminPage() {
  const { theme, setTheme } = useTheme()
  const [section, itemId] = useParams()['*']?.split('/') ?? []
  const current = isAdminSection(section) ? section : 'services'
  // Like the app's client, the token is read from storage at each call.
  const [client] = useState(() => createAdminClient({ baseUrl: '', getToken: readStoredToken }))

  useEffect(() => {
    const label = adminSections.find((entry) => entry.id === current)?.label ?? ''
    document.title = `${label} | ${ADMIN_CONSOLE_TITLE} | Engage Panel`
  }, [current])

  return (
    <AdminClientProvider client={client}>
      <AdminConsole section={current} itemId={itemId || null} theme={theme} onThemeChange={setTheme} />
    </AdminClientProvider>
  )
}
