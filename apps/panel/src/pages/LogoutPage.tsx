import { useEffect, useRef } from 'react'
import { useNavigate } from 'react-router'
import { queryKeys, useLogout } from '@engage/client'
import { useQueryClient } from '@tanstack/react-query'
import { useSession } from '../AppState'

/**
 * /logout: POST /api/logout, then, whether or not the server agreed, remove both stored items,
 * refresh the user data and go to /. A failure is only logged.
 */
export default function LogoutPage() {
  const logout = useLogout()
  const session = useSession()
  const queryClient = useQueryClient()
  const navigate = useNavigate()
  const started = useRef(false)

  useEffect(() => {
    // Once per visit, also under StrictMode's double effects.
    if (started.current) return
    started.current = true
    // A call for the user still on its way (from the page before) would be answered 401 once the server has
    // ended the session, and that answer logs out and reloads the page (App.tsx): it is cancelled first.
    void queryClient.cancelQueries({ queryKey: queryKeys.me }).then(() =>
      logout.mutate(undefined, {
        onError: (error) => console.error('Logout failed', error),
        onSettled: () => {
          session.signOut()
          void queryClient.invalidateQueries({ queryKey: queryKeys.me })
          navigate('/', { replace: true })
        },
      }),
    )
  }, [logout, session, queryClient, navigate])

  return null
}
