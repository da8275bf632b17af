import type { ReactElement, ReactNode } from 'react'
import {
  OverlayArrow,
  Tooltip as AriaTooltip,
  TooltipTrigger,
  type TooltipProps as AriaTooltipProps,
} from 'react-aria-components'
import { tooltip, tooltipArrow } from './Tooltip.css'

export interface TooltipProps extends Omit<AriaTooltipProps, 'children' | 'className'> {
  /** The tip text. */
  content: ReactNode
  /** The focusable element it describes (a Button or Link). */
  children: ReactElement
  /** Milliseconds of hover before it shows (keyboard focus shows it at once). @default 600 */
  delay?: number
}

/** A short text tip on hover or keyboard focus; Escape hides it. Not for essential information. */
export function Tooltip({ content, children, delay = 600, placement = 'top', ...props }: TooltipProps) {
  return (
    <TooltipTrigger delay={delay}>
      {children}
      <AriaTooltip {...props} placement={placement} offset={8} className={tooltip}>
        <OverlayArrow className={tooltipArrow}>
          <svg width={8} height={8} viewBox="0 0 8 8" aria-hidden="true">
            <path d="M0 0 L4 4 L8 0" />
          </svg>
        </OverlayArrow>
        {content}
      </AriaTooltip>
    </TooltipTrigger>
  )
}
