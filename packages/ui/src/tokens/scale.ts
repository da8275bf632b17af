// Sizes shared by both themes (space, radius, typography, z-index, motion). Plain module for the same reason as
// palette.ts: theme files and node tests can both read it.

export const space = {
  none: '0',
  xxsmall: '2px',
  xsmall: '4px',
  small: '8px',
  medium: '12px',
  large: '16px',
  xlarge: '24px',
  xxlarge: '32px',
  xxxlarge: '48px',
}

export const radius = {
  none: '0',
  small: '4px',
  medium: '8px',
  large: '12px',
  full: '9999px',
}

export const typography = {
  fontFamily: {
    body: 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
    mono: 'ui-monospace, SFMono-Regular, Menlo, Consolas, monospace',
  },
  fontSize: {
    xsmall: '0.75rem',
    small: '0.875rem',
    medium: '1rem',
    large: '1.125rem',
    xlarge: '1.25rem',
    xxlarge: '1.5rem',
    xxxlarge: '2rem',
  },
  fontWeight: {
    regular: '400',
    medium: '500',
    bold: '700',
  },
  lineHeight: {
    tight: '1.25',
    normal: '1.5',
  },
}

export const zIndex = {
  base: '0',
  raised: '1',
  dropdown: '100',
  overlay: '200',
  modal: '300',
  toast: '400',
  tooltip: '500',
}

export const motion = {
  duration: {
    fast: '120ms',
    normal: '200ms',
    slow: '320ms',
  },
  easing: {
    standard: 'cubic-bezier(0.2, 0, 0, 1)',
  },
}

/** Durations when the user asks the system for less motion. */
export const reducedMotion = {
  duration: {
    fast: '0ms',
    normal: '0ms',
    slow: '0ms',
  },
}
