// The raw colour values of both themes. They live in a plain module (not a .css.ts file) so that the theme
// files and the contrast test read the same numbers: vanilla-extract files only evaluate inside its plugin.

export interface ToneColors {
  /** A tinted surface for badges, banners and toasts. */
  background: string
  /** Text and icons on that surface (AA 4.5:1). */
  text: string
  /** The edge that gives the tone its recognisable colour. */
  border: string
}

export interface ThemeColors {
  background: string
  surface: string
  surfaceRaised: string
  surfaceHover: string
  border: string
  /** Borders of inputs and controls: 3:1 against surfaces (WCAG 1.4.11). */
  borderStrong: string
  text: string
  textMuted: string
  accent: string
  accentHover: string
  accentPressed: string
  onAccent: string
  critical: string
  criticalHover: string
  criticalPressed: string
  onCritical: string
  link: string
  focusRing: string
  backdrop: string
  tone: {
    success: ToneColors
    warning: ToneColors
    info: ToneColors
    critical: ToneColors
    neutral: ToneColors
  }
}

export interface ThemeShadows {
  small: string
  medium: string
  large: string
}

export const darkColors: ThemeColors = {
  background: '#0b1120',
  surface: '#111827',
  surfaceRaised: '#1f2937',
  surfaceHover: '#273244',
  border: '#334155',
  borderStrong: '#7c8798',
  text: '#f3f4f6',
  textMuted: '#a3acb9',
  accent: '#60a5fa',
  accentHover: '#93c5fd',
  accentPressed: '#3b82f6',
  onAccent: '#0b1120',
  critical: '#f87171',
  criticalHover: '#fca5a5',
  criticalPressed: '#ef4444',
  onCritical: '#0b1120',
  link: '#93c5fd',
  focusRing: '#93c5fd',
  backdrop: 'rgba(2, 6, 23, 0.72)',
  tone: {
    success: { background: '#052e16', text: '#86efac', border: '#22c55e' },
    warning: { background: '#3b2a05', text: '#fde047', border: '#eab308' },
    info: { background: '#172554', text: '#93c5fd', border: '#3b82f6' },
    critical: { background: '#450a0a', text: '#fca5a5', border: '#ef4444' },
    neutral: { background: '#1f2937', text: '#d1d5db', border: '#6b7280' },
  },
}

export const lightColors: ThemeColors = {
  background: '#f8fafc',
  surface: '#ffffff',
  surfaceRaised: '#ffffff',
  surfaceHover: '#f1f5f9',
  border: '#e2e8f0',
  borderStrong: '#64748b',
  text: '#0f172a',
  textMuted: '#475569',
  accent: '#1d4ed8',
  accentHover: '#1e40af',
  accentPressed: '#1e3a8a',
  onAccent: '#ffffff',
  critical: '#b91c1c',
  criticalHover: '#991b1b',
  criticalPressed: '#7f1d1d',
  onCritical: '#ffffff',
  link: '#1d4ed8',
  focusRing: '#2563eb',
  backdrop: 'rgba(15, 23, 42, 0.5)',
  tone: {
    success: { background: '#dcfce7', text: '#14532d', border: '#16a34a' },
    warning: { background: '#fef3c7', text: '#713f12', border: '#a16207' },
    info: { background: '#dbeafe', text: '#1e3a8a', border: '#2563eb' },
    critical: { background: '#fee2e2', text: '#7f1d1d', border: '#dc2626' },
    neutral: { background: '#e2e8f0', text: '#1e293b', border: '#64748b' },
  },
}

export const darkShadows: ThemeShadows = {
  small: '0 1px 2px rgba(0, 0, 0, 0.5)',
  medium: '0 4px 12px rgba(0, 0, 0, 0.5)',
  large: '0 12px 32px rgba(0, 0, 0, 0.6)',
}

export const lightShadows: ThemeShadows = {
  small: '0 1px 2px rgba(15, 23, 42, 0.08)',
  medium: '0 4px 12px rgba(15, 23, 42, 0.12)',
  large: '0 12px 32px rgba(15, 23, 42, 0.18)',
}
