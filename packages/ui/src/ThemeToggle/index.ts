export { ThemeToggle, useRootTheme, type ThemeToggleProps } from './ThemeToggle'
