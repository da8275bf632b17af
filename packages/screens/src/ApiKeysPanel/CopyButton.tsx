import { useEffect, useState } from 'react'
import { Button, Icon, Text } from '@engage/ui'
import { copyRow } from './ApiKeysPanel.css'

export const COPIED = 'Copied'
export const COPY_FAILED = 'Could not copy. Select the text and copy it yourself.'

/** The browser's clipboard: the default `copyText` of the screens that offer a copy button. */
export function copyWithClipboard(text: string): Promise<void> {
  return navigator.clipboard.writeText(text)
}

/** How long 'Copied' stays beside the button. */
const CONFIRMATION_MS = 3000

export interface CopyButtonProps {
  /** What is copied. */
  text: string
  /** Puts `text` on the clipboard. */
  copyText: (text: string) => Promise<void>
  /** The visible label. */
  label: string
  /** The accessible name when the visible label alone would be ambiguous. @default label */
  accessibleLabel?: string
}

/** Copies a text and says so next to the button (politely announced), or says to copy it by hand. */
export function CopyButton({ text, copyText, label, accessibleLabel }: CopyButtonProps) {
  const [outcome, setOutcome] = useState<'copied' | 'failed' | null>(null)
  useEffect(() => {
    if (outcome !== 'copied') return undefined
    const timer = setTimeout(() => setOutcome(null), CONFIRMATION_MS)
    return () => clearTimeout(timer)
  }, [outcome])

  const copy = async () => {
    try {
      await copyText(text)
      setOutcome('copied')
    } catch {
      // A browser may refuse the clipboard (no permission, an insecure page); the text stays selectable.
      setOutcome('failed')
    }
  }

  return (
    <span className={copyRow}>
      <Button tone="secondary" size="small" aria-label={accessibleLabel} onPress={() => void copy()}>
        {outcome === 'copied' ? <Icon name="check" size="small" /> : null}
        {label}
      </Button>
      <span role="status">
        {outcome === null ? null : (
          <Text size="small" tone={outcome === 'failed' ? 'critical' : 'muted'}>
            {outcome === 'copied' ? COPIED : COPY_FAILED}
          </Text>
        )}
      </span>
    </span>
  )
}
