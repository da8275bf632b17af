import { useId, type ChangeEvent, type FocusEventHandler, type Ref } from 'react'
import {
  description as descriptionStyle,
  errorMessage as errorMessageStyle,
  field,
  label as labelStyle,
} from '../Field/Field.css'
import type { FieldTextProps } from '../Field'
import { Icon } from '../Icon'
import { select, selectBox, selectChevron } from './Select.css'

/** An option's id: what `value` and `onChange` carry. */
export type SelectKey = string | number

/** One choice of a Select. */
export interface SelectOption {
  id: SelectKey
  label: string
  isDisabled?: boolean
}

export interface SelectProps extends FieldTextProps {
  /** The choices, shown in this order. */
  items: readonly SelectOption[]
  /** The chosen option's id (controlled); null while nothing is chosen. */
  value?: SelectKey | null
  /** The option chosen at first (uncontrolled). */
  defaultValue?: SelectKey | null
  /** Called with the id of the option the user picks. */
  onChange?: (value: SelectKey) => void
  onBlur?: FocusEventHandler<HTMLSelectElement>
  /** Text shown while nothing is chosen. @default 'Select an option' */
  placeholder?: string
  isDisabled?: boolean
  isRequired?: boolean
  isInvalid?: boolean
  /** Name submitted with a native form. */
  name?: string
  /** Ref to the select element (react-hook-form focuses it). */
  triggerRef?: Ref<HTMLSelectElement>
  className?: string
}

/**
 * A labelled dropdown that picks one option: the platform's own `<select>`, styled by the design system. The browser
 * gives it the keyboard (arrows, typing, Enter, Space, Alt+Down), the touch pickers of phones and the screen-reader
 * semantics; the placeholder is a disabled first option, so a choice cannot be taken back to nothing.
 */
export function Select({
  label,
  description,
  errorMessage,
  items,
  value,
  defaultValue,
  onChange,
  onBlur,
  placeholder,
  isDisabled = false,
  isRequired = false,
  isInvalid = false,
  name,
  triggerRef,
  className,
}: SelectProps) {
  const id = useId()
  const descriptionId = `${id}-description`
  const errorId = `${id}-error`
  const showsError = isInvalid && errorMessage != null
  const describedBy = [description == null ? null : descriptionId, showsError ? errorId : null]
    .filter(Boolean)
    .join(' ')
  const keyOf = (text: string): SelectKey | undefined => items.find((item) => String(item.id) === text)?.id
  // A value the items do not have (yet) shows the placeholder, as nothing chosen does.
  const optionValue = (key: SelectKey | null | undefined): string =>
    key != null && keyOf(String(key)) !== undefined ? String(key) : ''
  const change = (event: ChangeEvent<HTMLSelectElement>) => {
    const key = keyOf(event.currentTarget.value)
    if (key !== undefined) onChange?.(key)
  }
  const selection =
    value === undefined ? { defaultValue: optionValue(defaultValue) } : { value: optionValue(value) }

  return (
    <div
      className={[field, className].filter(Boolean).join(' ')}
      data-invalid={isInvalid || undefined}
      data-disabled={isDisabled || undefined}
    >
      {label == null ? null : (
        <label htmlFor={id} className={labelStyle}>
          {label}
        </label>
      )}
      <div className={selectBox}>
        <select
          id={id}
          ref={triggerRef}
          name={name}
          className={select}
          {...selection}
          onChange={change}
          onBlur={onBlur}
          disabled={isDisabled}
          aria-required={isRequired || undefined}
          aria-invalid={isInvalid || undefined}
          aria-describedby={describedBy || undefined}
        >
          <option value="" disabled>
            {placeholder ?? 'Select an option'}
          </option>
          {items.map((item) => (
            <option key={item.id} value={String(item.id)} disabled={item.isDisabled}>
              {item.label}
            </option>
          ))}
        </select>
        <Icon name="chevronDown" size="small" className={selectChevron} />
      </div>
      {description == null ? null : (
        <div id={descriptionId} className={descriptionStyle}>
          {description}
        </div>
      )}
      {showsError ? (
        <div id={errorId} className={errorMessageStyle}>
          {errorMessage}
        </div>
      ) : null}
    </div>
  )
}
