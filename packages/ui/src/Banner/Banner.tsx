import type { HTMLAttributes, ReactNode } from 'react'
import { Button } from '../Button'
import { Icon, type IconName } from '../Icon'
import { banner, bannerContent, bannerTitle } from './Banner.css'

export const bannerTones = ['success', 'error', 'info'] as const
export type BannerTone = (typeof bannerTones)[number]

const toneIcons: Record<BannerTone, IconName> = { success: 'check', error: 'alert', info: 'info' }

export interface BannerProps extends Omit<HTMLAttributes<HTMLDivElement>, 'title' | 'role'> {
  /** Meaning and colour; an error is announced at once (role alert), the others politely (role status). */
  tone: BannerTone
  /** Optional bold first line. */
  title?: ReactNode
  /** The message. */
  children: ReactNode
  /** When given, a close button is shown and calls it; the parent then stops rendering the banner. */
  onDismiss?: () => void
  /** Accessible name of the close button. @default 'Dismiss' */
  dismissLabel?: string
}

/** A full-width status message (success, error, info), optionally dismissible. */
export function Banner({
  tone,
  title,
  children,
  onDismiss,
  dismissLabel = 'Dismiss',
  className,
  ...props
}: BannerProps) {
  return (
    <div
      role={tone === 'error' ? 'alert' : 'status'}
      {...props}
      className={[banner({ tone }), className].filter(Boolean).join(' ')}
    >
      <Icon name={toneIcons[tone]} />
      <div className={bannerContent}>
        {title == null ? null : <div className={bannerTitle}>{title}</div>}
        <div>{children}</div>
      </div>
      {onDismiss ? (
        <Button tone="ghost" size="small" isIconOnly aria-label={dismissLabel} onPress={onDismiss}>
          <Icon name="close" size="small" />
        </Button>
      ) : null}
    </div>
  )
}
