import { tokenValues, type Theme } from '@engage/ui/tokens'
import { create } from 'storybook/theming'

// The documentation pages wear the design system's own colours, in the theme the toolbar (or the test pass)
// picks: components shown inline on a page then sit on the background they were designed for, and the pages'
// text meets the same contrast pairs as the product's (text and textMuted on background and surface).
function docsTheme(theme: Theme) {
  const { color, typography, radius } = tokenValues[theme]
  return create({
    base: theme,
    colorPrimary: color.accent,
    colorSecondary: color.link,
    appBg: color.background,
    appContentBg: color.background,
    appHoverBg: color.surfaceHover,
    appPreviewBg: color.background,
    appBorderColor: color.border,
    appBorderRadius: Number.parseInt(radius.medium, 10),
    fontBase: typography.fontFamily.body,
    fontCode: typography.fontFamily.mono,
    textColor: color.text,
    textInverseColor: color.background,
    textMutedColor: color.textMuted,
    barTextColor: color.textMuted,
    barHoverColor: color.link,
    barSelectedColor: color.link,
    barBg: color.surface,
    buttonBg: color.surfaceRaised,
    buttonBorder: color.borderStrong,
    booleanBg: color.surfaceRaised,
    booleanSelectedBg: color.accent,
    inputBg: color.surface,
    inputBorder: color.borderStrong,
    inputTextColor: color.text,
    inputBorderRadius: Number.parseInt(radius.small, 10),
  })
}

export const docsThemes = { dark: docsTheme('dark'), light: docsTheme('light') }
