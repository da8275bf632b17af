import { useEffect, useState } from 'react'
import { useApiClient } from './ApiClient'
import { useSession } from './AppState'

/**
 * The signed-in user's name for the public pages' header menu; undefined while signed out or loading. The
 * current-user call and its normalisation load with it (loadUsername.ts), so a signed-out visitor's page
 * carries neither.
 */
export function useUsername(): string | undefined {
  const { token } = useSession()
  const client = useApiClient()
  const [username, setUsername] = useState<string>()

  useEffect(() => {
    if (token === null) return
    let current = true
    void import('./loadUsername')
      .then(({ loadUsername }) => loadUsername(client))
      .then((name) => {
        if (current) setUsername(name)
      })
    return () => {
      current = false
    }
  }, [token, client])

  return token === null ? undefined : username
}
