import { isSessionEndingError, normaliseUser, type Client } from '@engage/client'
import { clearStoredSession } from './session'

/**
 * The current user's name (GET /api/user/me), with the user-data rules for a public page: a 401, 403, 500 or 503
 * ends the session and reloads the page; any other failure is logged and shows no name.
 */
export async function loadUsername(client: Client): Promise<string | undefined> {
  try {
    return normaliseUser(await client.getMe()).username || undefined
  } catch (error) {
    if (isSessionEndingError(error)) {
      clearStoredSession()
      window.location.reload()
    } else {
      console.error('Could not load the user data', error)
    }
    return undefined
  }
}
