import { createContext, useContext, useMemo, type ReactNode } from 'react'
import {
  Button,
  Text,
  UNSTABLE_Toast as AriaToast,
  UNSTABLE_ToastContent as AriaToastContent,
  UNSTABLE_ToastQueue as AriaToastQueue,
  UNSTABLE_ToastRegion as AriaToastRegion,
} from 'react-aria-components'
import { Icon } from '../Icon'
import { toast as toastStyle, toastClose, toastContent, toastRegion } from './Toast.css'

export const toastTones = ['success', 'error'] as const
export type ToastTone = (typeof toastTones)[number]

/** What a toast shows. */
export interface ToastMessage {
  tone: ToastTone
  message: ReactNode
}

/** The queue a ToastRegion shows and `useToast` adds to. */
export type ToastQueue = AriaToastQueue<ToastMessage>

/** Creates a toast queue (one per app; stories and tests make their own). */
export function createToastQueue(maxVisibleToasts = 5): ToastQueue {
  return new AriaToastQueue<ToastMessage>({ maxVisibleToasts })
}

/** The app-wide queue, used when no ToastProvider gives another. */
export const toastQueue: ToastQueue = createToastQueue()

const ToastQueueContext = createContext<ToastQueue>(toastQueue)

/** Auto-dismiss delay of a toast (spec: messages clear after 5 s). */
export const defaultToastTimeout = 5000

export interface ToastOptions {
  /** Milliseconds before the toast closes itself; 0 keeps it until closed. @default 5000 */
  timeout?: number
  /** Called when the toast closes (timeout or close button). */
  onClose?: () => void
}

/** Shows toasts: `const toast = useToast(); toast.success('Saved')`. Each call returns the toast's key. */
export function useToast() {
  const queue = useContext(ToastQueueContext)
  return useMemo(() => {
    const add = (
      tone: ToastTone,
      message: ReactNode,
      { timeout = defaultToastTimeout, onClose }: ToastOptions = {},
    ) =>
      queue.add({ tone, message }, { ...(timeout > 0 ? { timeout } : {}), ...(onClose ? { onClose } : {}) })
    return {
      success: (message: ReactNode, options?: ToastOptions) => add('success', message, options),
      error: (message: ReactNode, options?: ToastOptions) => add('error', message, options),
      close: (key: string) => queue.close(key),
    }
  }, [queue])
}

export interface ToastProviderProps {
  /** The queue for this subtree. @default the app-wide toastQueue */
  queue?: ToastQueue
  children?: ReactNode
}

/** Renders the toast region (bottom right) and gives its queue to `useToast` below it. */
export function ToastProvider({ queue = toastQueue, children }: ToastProviderProps) {
  return (
    <ToastQueueContext.Provider value={queue}>
      {children}
      <ToastRegion queue={queue} />
    </ToastQueueContext.Provider>
  )
}

export interface ToastRegionProps {
  /** The queue to show. @default the app-wide toastQueue */
  queue?: ToastQueue
  /** Accessible name of the region. @default 'Notifications' */
  'aria-label'?: string
}

/** The landmark at the bottom right where toasts appear; F6 moves focus into it. */
export function ToastRegion({
  queue = toastQueue,
  'aria-label': ariaLabel = 'Notifications',
}: ToastRegionProps) {
  return (
    <AriaToastRegion queue={queue} className={toastRegion} aria-label={ariaLabel}>
      {({ toast }) => (
        <AriaToast toast={toast} className={toastStyle({ tone: toast.content.tone })}>
          <Icon name={toast.content.tone === 'error' ? 'alert' : 'check'} />
          <AriaToastContent className={toastContent}>
            <Text slot="title">{toast.content.message}</Text>
          </AriaToastContent>
          <Button slot="close" className={toastClose} aria-label="Close">
            <Icon name="close" size="small" />
          </Button>
        </AriaToast>
      )}
    </AriaToastRegion>
  )
}
