import { useLayoutEffect, useState } from 'react'
import { ToggleButton, type ToggleButtonProps } from 'react-aria-components'
import { Icon } from '../Icon'
import { applyTheme, defaultTheme, type Theme } from '../tokens/theme'
import { themeToggle } from './ThemeToggle.css'

export interface ThemeToggleProps extends Omit<
  ToggleButtonProps,
  'isSelected' | 'defaultSelected' | 'onChange' | 'children' | 'className'
> {
  /** The theme in use (controlled). */
  theme: Theme
  /** Called with the other theme when pressed. */
  onThemeChange: (theme: Theme) => void
  /** Accessible name; the pressed state says whether it is on. @default 'Dark mode' */
  label?: string
  /** Show the label next to the icon. @default false */
  isLabelVisible?: boolean
  className?: string
}

/** A toggle button (aria-pressed) that switches between dark and light; pressed means dark. */
export function ThemeToggle({
  theme,
  onThemeChange,
  label = 'Dark mode',
  isLabelVisible = false,
  className,
  ...props
}: ThemeToggleProps) {
  return (
    <ToggleButton
      {...props}
      aria-label={isLabelVisible ? undefined : label}
      isSelected={theme === 'dark'}
      onChange={(isDark) => onThemeChange(isDark ? 'dark' : 'light')}
      className={[themeToggle, className].filter(Boolean).join(' ')}
    >
      <Icon name={theme === 'dark' ? 'moon' : 'sun'} />
      {isLabelVisible ? label : null}
    </ToggleButton>
  )
}

/**
 * Keeps a theme in state and applies it to the page root (`document.documentElement`) whenever it changes.
 * The app persists it; this hook only applies it.
 */
export function useRootTheme(initialTheme: Theme = defaultTheme): [Theme, (theme: Theme) => void] {
  const [theme, setTheme] = useState<Theme>(initialTheme)
  useLayoutEffect(() => applyTheme(document.documentElement, theme), [theme])
  return [theme, setTheme]
}
