import './pressable.css'
import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import { BrowserRouter } from 'react-router'
import { createClient } from '@engage/client'
import { QueryClient } from '@tanstack/react-query'
import { App } from './App'
import { preloadRoute } from './routes'
import { readStoredToken } from './session'

// The entry of the app (/auth, /logout and the signed-in pages): the server sends these paths the empty
// shell, rendered here once the chunks of the first route have arrived (loaded side by side, not one after
// the other as nested lazy routes would).

const container = document.getElementById('root')
if (!container) throw new Error('The page has no #root element')

const queryClient = new QueryClient()
const client = createClient({ baseUrl: '', getToken: readStoredToken })

void preloadRoute(window.location.pathname, readStoredToken() !== null).then(() => {
  createRoot(container).render(
    <StrictMode>
      <BrowserRouter>
        <App client={client} queryClient={queryClient} />
      </BrowserRouter>
    </StrictMode>,
  )
})
