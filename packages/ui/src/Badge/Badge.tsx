import type { HTMLAttributes } from 'react'
import { statusTones, type StatusTone } from '../tokens/tones'
import { badge } from './Badge.css'

export const badgeTones = statusTones

export interface BadgeProps extends HTMLAttributes<HTMLSpanElement> {
  /** Colour meaning: success green, warning yellow, info blue, critical red, neutral grey. @default 'neutral' */
  tone?: StatusTone
}

/** A small label with a tone (text colour meets AA on its tinted background in both themes). */
export function Badge({ tone = 'neutral', className, ...props }: BadgeProps) {
  return <span {...props} className={[badge({ tone }), className].filter(Boolean).join(' ')} />
}
