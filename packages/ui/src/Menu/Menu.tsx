import type { ReactNode } from 'react'
import {
  Menu as AriaMenu,
  MenuItem as AriaMenuItem,
  MenuTrigger as AriaMenuTrigger,
  Popover,
  Separator,
  type MenuItemProps as AriaMenuItemProps,
  type MenuProps as AriaMenuProps,
  type MenuTriggerProps,
  type PopoverProps,
} from 'react-aria-components'
import { popover } from '../Popover/Popover.css'
import { menu, menuItem, menuSeparator } from './Menu.css'

export type { MenuTriggerProps }

/** Opens the Menu (second child) from its trigger (first child, e.g. a Button with an aria-label). */
export function MenuTrigger(props: MenuTriggerProps) {
  return <AriaMenuTrigger {...props} />
}

export interface MenuProps<T extends object> extends Omit<AriaMenuProps<T>, 'className'> {
  /** Where the menu opens relative to its trigger. @default 'bottom end' */
  placement?: PopoverProps['placement']
  className?: string
}

/** A menu of actions and links; arrow keys move, Enter activates, typing jumps to an item, Escape closes. */
export function Menu<T extends object>({ placement = 'bottom end', className, ...props }: MenuProps<T>) {
  return (
    <Popover placement={placement} className={popover}>
      <AriaMenu {...props} className={[menu, className].filter(Boolean).join(' ')} />
    </Popover>
  )
}

export interface MenuItemProps extends Omit<AriaMenuItemProps, 'className' | 'children'> {
  /** The item's text (and optional icon). */
  children: ReactNode
  className?: string
}

/** A menu item: give it `href` to navigate (through RAC's RouterProvider) or `onAction` to act. */
export function MenuItem({ className, children, ...props }: MenuItemProps) {
  const textValue = props.textValue ?? (typeof children === 'string' ? children : undefined)
  return (
    <AriaMenuItem
      {...props}
      textValue={textValue}
      className={[menuItem, className].filter(Boolean).join(' ')}
    >
      {children}
    </AriaMenuItem>
  )
}

/** A line between groups of menu items. */
export function MenuSeparator() {
  return <Separator className={menuSeparator} />
}
