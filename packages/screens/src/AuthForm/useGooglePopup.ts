import { useCallback, useEffect, useRef, useState } from 'react'
import {
  GENERIC_ERROR,
  GOOGLE_POPUP_HEIGHT,
  GOOGLE_POPUP_POLL_MS,
  GOOGLE_POPUP_WIDTH,
  GooglePopupMessage,
  POPUPS_BLOCKED,
} from '@engage/contract'

/** What the Google popup ended with. */
export type GooglePopupResult =
  | { kind: 'success'; token: string; sessionId: string; newUser: boolean }
  | { kind: 'two-factor'; challenge: string; newUser: boolean }
  | { kind: 'error'; message: string }

export interface UseGooglePopupOptions {
  /** The server's Google sign-in start address, opened in the popup. */
  url: string
  /** Called once per popup with its outcome; not called when the user just closes the popup. */
  onResult: (result: GooglePopupResult) => void
}

/**
 * Opens Google sign-in in an 800x650 popup centred over the window and waits for its message. Only a message
 * from the popup itself, on our own origin, is accepted: any other window could post a forged token. The popup
 * is polled every second so that closing it by hand ends the wait.
 */
export function useGooglePopup({ url, onResult }: UseGooglePopupOptions) {
  const [isOpen, setIsOpen] = useState(false)
  const stopRef = useRef<(() => void) | null>(null)
  const onResultRef = useRef(onResult)
  useEffect(() => {
    onResultRef.current = onResult
  })

  useEffect(() => () => stopRef.current?.(), [])

  const open = useCallback(() => {
    stopRef.current?.()
    const left = Math.round(window.screenX + (window.outerWidth - GOOGLE_POPUP_WIDTH) / 2)
    const top = Math.round(window.screenY + (window.outerHeight - GOOGLE_POPUP_HEIGHT) / 2)
    let popup: Window | null
    try {
      popup = window.open(
        url,
        'google-sign-in',
        `width=${GOOGLE_POPUP_WIDTH},height=${GOOGLE_POPUP_HEIGHT},left=${left},top=${top}`,
      )
    } catch {
      onResultRef.current({ kind: 'error', message: GENERIC_ERROR })
      return
    }
    if (!popup) {
      onResultRef.current({ kind: 'error', message: POPUPS_BLOCKED })
      return
    }
    const openedPopup = popup

    const stop = () => {
      window.removeEventListener('message', onMessage)
      window.clearInterval(pollTimer)
      stopRef.current = null
      setIsOpen(false)
    }
    const finish = (result: GooglePopupResult) => {
      stop()
      openedPopup.close()
      onResultRef.current(result)
    }
    function onMessage(event: MessageEvent) {
      if (event.origin !== window.location.origin || event.source !== openedPopup) return
      const parsed = GooglePopupMessage.safeParse(event.data)
      if (!parsed.success) return
      const message = parsed.data
      if (message.error) finish({ kind: 'error', message: message.error })
      else if (message.twoFactorChallenge)
        finish({
          kind: 'two-factor',
          challenge: message.twoFactorChallenge,
          newUser: message.newUser ?? false,
        })
      else if (message.jwtToken && message.sessionId)
        finish({
          kind: 'success',
          token: message.jwtToken,
          sessionId: message.sessionId,
          newUser: message.newUser ?? false,
        })
      else finish({ kind: 'error', message: GENERIC_ERROR })
    }
    // The callback page posts its message and closes itself at once; the message can arrive after the window
    // reads as closed. So a closed popup ends the wait only at the next poll, once any message has come in.
    let seenClosed = false
    const pollTimer = window.setInterval(() => {
      if (!openedPopup.closed) return
      if (seenClosed) stop()
      seenClosed = true
    }, GOOGLE_POPUP_POLL_MS)

    window.addEventListener('message', onMessage)
    stopRef.current = stop
    setIsOpen(true)
  }, [url])

  return { open, isOpen }
}
