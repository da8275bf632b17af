import type { ReactNode } from 'react'
import { Switch as AriaSwitch, type SwitchProps as AriaSwitchProps } from 'react-aria-components'
import { switchRoot, switchThumb, switchTrack } from './Switch.css'

export interface SwitchProps extends Omit<AriaSwitchProps, 'children' | 'className'> {
  /** The visible label. */
  children: ReactNode
  className?: string
}

/** An on/off switch (role switch) with its label; Space toggles it. */
export function Switch({ children, className, ...props }: SwitchProps) {
  return (
    <AriaSwitch {...props} className={[switchRoot, className].filter(Boolean).join(' ')}>
      <span className={switchTrack} aria-hidden="true">
        <span className={switchThumb} />
      </span>
      {children}
    </AriaSwitch>
  )
}
