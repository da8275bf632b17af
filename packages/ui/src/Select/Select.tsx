import type { ReactNode, Ref } from 'react'
import {
  Button,
  ListBox,
  ListBoxItem,
  Popover,
  Select as AriaSelect,
  SelectValue,
  type Key,
  type ListBoxItemProps,
  type SelectProps as AriaSelectProps,
} from 'react-aria-components'
import { FieldDescription, FieldErrorMessage, FieldLabel, type FieldTextProps } from '../Field'
import { field } from '../Field/Field.css'
import { Icon } from '../Icon'
import { checkmark, listBox, listItem } from '../ListBox/ListBox.css'
import { popover } from '../Popover/Popover.css'
import { selectTrigger, selectValue } from './Select.css'

/** One choice of a Select. */
export interface SelectOption {
  id: Key
  label: string
  isDisabled?: boolean
}

export interface SelectProps
  extends Omit<AriaSelectProps<SelectOption>, 'children' | 'className' | 'items'>, FieldTextProps {
  /** The choices, shown in this order. */
  items: readonly SelectOption[]
  /** Text shown while nothing is chosen. @default 'Select an option' */
  placeholder?: string
  /** Ref to the trigger button (react-hook-form focuses it). */
  triggerRef?: Ref<HTMLButtonElement>
  className?: string
}

/** A labelled dropdown that picks one option; opens with click, Enter, Space or the arrow keys. */
export function Select({
  label,
  description,
  errorMessage,
  items,
  placeholder,
  triggerRef,
  className,
  ...props
}: SelectProps) {
  return (
    <AriaSelect
      placeholder={placeholder ?? 'Select an option'}
      {...props}
      className={[field, className].filter(Boolean).join(' ')}
    >
      <FieldLabel>{label}</FieldLabel>
      <Button ref={triggerRef} className={selectTrigger}>
        <SelectValue className={selectValue} />
        <Icon name="chevronDown" size="small" />
      </Button>
      <FieldDescription>{description}</FieldDescription>
      <FieldErrorMessage>{errorMessage}</FieldErrorMessage>
      <Popover className={popover}>
        <ListBox className={listBox} items={items}>
          {(item) => (
            <SelectItem id={item.id} isDisabled={item.isDisabled ?? false}>
              {item.label}
            </SelectItem>
          )}
        </ListBox>
      </Popover>
    </AriaSelect>
  )
}

/** An option in a Select's list (shows a check mark when selected). */
export function SelectItem({
  children,
  ...props
}: Omit<ListBoxItemProps, 'children' | 'className'> & { children: string }) {
  return (
    <ListBoxItem textValue={children} {...props} className={listItem}>
      {({ isSelected }): ReactNode => (
        <>
          {children}
          {isSelected ? <Icon name="check" size="small" className={checkmark} /> : null}
        </>
      )}
    </ListBoxItem>
  )
}
