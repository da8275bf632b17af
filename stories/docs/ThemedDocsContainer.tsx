import { DocsContainer, type DocsContainerProps } from '@storybook/addon-docs/blocks'
import { applyTheme, type Theme } from '@engage/ui/tokens'
import { useLayoutEffect, type PropsWithChildren } from 'react'
import { docsThemes } from './docsTheme'

// Storybook's story blocks scroll sideways when a story is wider than the page (at 375 px), which makes each a
// scrollable region that keyboard users could not reach. On a docs page a wide story overflows instead, like the
// page's other content; the story itself, on its own page, is where its 375 px layout is checked.
const docsStyles = '.sbdocs .docs-story { overflow: visible; }'

/**
 * The docs container in the theme of the `theme` global (dark unless the toolbar or the URL says light). The
 * page root gets the same theme, as in a story, so what the page and its stories inherit (body text colour,
 * background) matches the container's colours.
 */
export function ThemedDocsContainer({ children, context, ...props }: PropsWithChildren<DocsContainerProps>) {
  const globals = (context as unknown as { store: { userGlobals: { globals: { theme?: Theme } } } }).store
    .userGlobals.globals
  const theme: Theme = globals.theme === 'light' ? 'light' : 'dark'
  useLayoutEffect(() => applyTheme(document.documentElement, theme), [theme])
  return (
    <DocsContainer {...props} context={context} theme={docsThemes[theme]}>
      <style>{docsStyles}</style>
      {children}
    </DocsContainer>
  )
}
