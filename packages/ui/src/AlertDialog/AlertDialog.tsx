import type { ReactNode } from 'react'
import { Dialog as AriaDialog, Modal, ModalOverlay } from 'react-aria-components'
import { Button } from '../Button'
import { dialog, dialogActions, modal, modalOverlay } from '../Dialog/Dialog.css'
import { Heading } from '../Heading'
import { Text } from '../Text'

export const alertDialogTones = ['primary', 'critical'] as const

export interface AlertDialogProps {
  /** The question ("Cancel this order?"); the dialog's accessible name. */
  title: string
  /** What happens if confirmed. */
  message: ReactNode
  /** Label of the confirming button. @default 'Confirm' */
  confirmLabel?: string
  /** Label of the cancelling button. @default 'Cancel' */
  cancelLabel?: string
  /** `critical` for destructive actions: red confirm button, focus starts on Cancel. @default 'primary' */
  tone?: (typeof alertDialogTones)[number]
  /** Called when confirmed; the dialog then closes. Cancel (button or Escape) only closes it. */
  onConfirm: () => void
  /** Open state when not inside a DialogTrigger (controlled). */
  isOpen?: boolean
  /** Called when the dialog asks to open or close (controlled use). */
  onOpenChange?: (isOpen: boolean) => void
}

/** A confirmation (role alertdialog) with a message and Confirm / Cancel; Escape cancels. */
export function AlertDialog({
  title,
  message,
  confirmLabel = 'Confirm',
  cancelLabel = 'Cancel',
  tone = 'primary',
  onConfirm,
  isOpen,
  onOpenChange,
}: AlertDialogProps) {
  const openProps = isOpen === undefined ? {} : { isOpen }
  return (
    <ModalOverlay {...openProps} onOpenChange={onOpenChange} isDismissable={false} className={modalOverlay}>
      <Modal className={modal({ size: 'small' })}>
        <AriaDialog role="alertdialog" className={dialog}>
          {({ close }) => (
            <>
              <Heading slot="title" level={2} size="medium">
                {title}
              </Heading>
              <Text elementType="p">{message}</Text>
              {/* The alert dialog pattern (WAI-ARIA APG) starts focus on an action: Cancel when destructive. */}
              <div className={dialogActions}>
                <Button
                  tone="secondary"
                  // eslint-disable-next-line jsx-a11y/no-autofocus -- see the comment above
                  autoFocus={tone === 'critical'}
                  onPress={close}
                >
                  {cancelLabel}
                </Button>
                <Button
                  tone={tone}
                  // eslint-disable-next-line jsx-a11y/no-autofocus -- see the comment above
                  autoFocus={tone !== 'critical'}
                  onPress={() => {
                    onConfirm()
                    close()
                  }}
                >
                  {confirmLabel}
                </Button>
              </div>
            </>
          )}
        </AriaDialog>
      </Modal>
    </ModalOverlay>
  )
}
