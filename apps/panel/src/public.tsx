import './pressable.css'
import { startTransition, StrictMode } from 'react'
import { hydrateRoot } from 'react-dom/client'
import { servicesFromRates } from '@engage/contract'
import { STATE_ELEMENT_ID, type PageState } from './document'
import { createLazyClient } from './lazyClient'
import { preloadPublicApp, PublicApp } from './PublicApp'
import { publicPages, publicPathOf } from './publicPages'
import { readStoredToken } from './session'

// The entry of the prerendered public pages (/, /about, /privacy, /terms, /security, and the landing page
// on unknown paths): hydrates the page's HTML with the data it was rendered with.

const container = document.getElementById('root')
const stateText = document.getElementById(STATE_ELEMENT_ID)?.textContent
if (!container || !stateText) throw new Error('This page was not prerendered')
const state = JSON.parse(stateText) as PageState
const services = state.prices === null ? null : servicesFromRates(state.prices)

const client = createLazyClient({ baseUrl: '', getToken: readStoredToken })

void Promise.all([publicPages[publicPathOf(window.location.pathname)](), preloadPublicApp(services)]).then(
  ([{ default: Page }]) => {
    // In a transition, hydration yields to the browser every few milliseconds instead of running as one long
    // task: the page is already painted and readable, and stays responsive to input while it hydrates.
    startTransition(() => {
      hydrateRoot(
        container,
        <StrictMode>
          <PublicApp client={client} services={services} contactMethods={state.contactMethods} Page={Page} />
        </StrictMode>,
      )
    })
  },
)
