import type { ReactNode } from 'react'
import {
  Dialog as AriaDialog,
  DialogTrigger as AriaDialogTrigger,
  Modal,
  ModalOverlay,
  type DialogProps as AriaDialogProps,
  type DialogTriggerProps,
} from 'react-aria-components'
import { Button } from '../Button'
import { Heading } from '../Heading'
import { Icon } from '../Icon'
import { dialog, dialogBody, dialogHeader, modal, modalOverlay } from './Dialog.css'

export const dialogSizes = ['small', 'medium', 'large'] as const

export interface DialogProps extends Omit<AriaDialogProps, 'children' | 'className'> {
  /** The dialog's title (its accessible name). */
  title: string
  /** Content, or a function that receives `close`. */
  children: ReactNode | ((close: () => void) => ReactNode)
  /** Width of the dialog. @default 'medium' */
  size?: (typeof dialogSizes)[number]
  /** Close on Escape and on a click outside, and show the close button. @default true */
  isDismissable?: boolean
  /** Open state when not inside a DialogTrigger (controlled). */
  isOpen?: boolean
  /** Called when the dialog asks to open or close (controlled use). */
  onOpenChange?: (isOpen: boolean) => void
  /** Label of the close button. @default 'Close' */
  closeLabel?: string
  className?: string
}

/**
 * A modal dialog with a title and a close button. Focus moves in, stays in (Tab cycles inside) and returns to
 * the trigger on close. Use it inside `DialogTrigger` (first child the trigger button) or controlled with
 * `isOpen` + `onOpenChange`.
 */
export function Dialog({
  title,
  children,
  size = 'medium',
  isDismissable = true,
  isOpen,
  onOpenChange,
  closeLabel = 'Close',
  className,
  ...props
}: DialogProps) {
  const openProps = isOpen === undefined ? {} : { isOpen }
  return (
    <ModalOverlay
      {...openProps}
      onOpenChange={onOpenChange}
      isDismissable={isDismissable}
      isKeyboardDismissDisabled={!isDismissable}
      className={modalOverlay}
    >
      <Modal className={modal({ size })}>
        <AriaDialog {...props} className={[dialog, className].filter(Boolean).join(' ')}>
          {({ close }) => (
            <>
              <div className={dialogHeader}>
                <Heading slot="title" level={2} size="medium">
                  {title}
                </Heading>
                {isDismissable ? (
                  <Button tone="ghost" size="small" isIconOnly aria-label={closeLabel} onPress={close}>
                    <Icon name="close" />
                  </Button>
                ) : null}
              </div>
              <div className={dialogBody}>{typeof children === 'function' ? children(close) : children}</div>
            </>
          )}
        </AriaDialog>
      </Modal>
    </ModalOverlay>
  )
}

/** Opens the Dialog (second child) when its trigger (first child, e.g. a Button) is pressed. */
export function DialogTrigger(props: DialogTriggerProps) {
  return <AriaDialogTrigger {...props} />
}
