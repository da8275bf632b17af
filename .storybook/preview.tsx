import type { Decorator, Preview } from '@storybook/react-vite'
import { applyTheme, type Theme } from '@engage/ui/tokens'
import { mswLoader } from 'msw-storybook-addon/csf3'
import { configure } from 'storybook/test'
import { ComponentDocsPage } from '../stories/docs/ComponentDocsPage'
import { readableArgTypes } from '../stories/docs/readableArgTypes'
import { ThemedDocsContainer } from '../stories/docs/ThemedDocsContainer'

// The story-test projects (vitest.storybook.config.ts) run every story once per theme; they pass the theme in
// through this constant. In `storybook dev` it is undefined and the toolbar global decides.
declare const __STORY_THEME__: 'light' | 'dark' | undefined
declare const __STORY_VIEWPORT__: 'mobile' | 'desktop' | undefined
const testTheme = typeof __STORY_THEME__ === 'undefined' ? undefined : __STORY_THEME__
const testViewport = typeof __STORY_VIEWPORT__ === 'undefined' ? undefined : __STORY_VIEWPORT__

// findBy* and waitFor give up after 1 s by default. On a loaded 2-core CI machine a mocked request plus the render
// after it can take longer than that, and a story then fails on timing, not behaviour. Waiting longer costs
// nothing when the element does appear; a story whose element never appears still fails.
configure({ asyncUtilTimeout: 10_000 })

// A docs page shows a story inline without playing it; a story it shows in a frame of its own (a dialog's, which
// would cover the page inline) is loaded from this address, and `embed=true` has that frame render the story
// without playing it too. Played side by side, such stories would take the keyboard focus from one another and
// fail. Each story plays on its own page, and in the story tests.
Object.assign(globalThis, { PREVIEW_URL: 'iframe.html?embed=true' })

// react-aria announces changes (e.g. a button's pending state) through a hidden live region it keeps for a few
// seconds, pointing at elements that may be gone in the next story; axe would then fail that story.
const removeLiveAnnouncers = () => {
  for (const node of document.querySelectorAll('[data-live-announcer]')) node.remove()
}

const withTheme: Decorator = (Story, context) => {
  const theme = (testTheme ?? context.globals.theme ?? 'dark') as Theme
  // The theme class on the page root (as the panel does it), so the body and every portal (dialogs, popovers,
  // toasts) get the theme's background and colours, and axe measures contrast against the real background.
  applyTheme(document.documentElement, theme)
  return <Story />
}

// A request no handler answers is a bug in the story: it is reported as a console error, which fails the test.
const startMockServiceWorker = async () => {
  const { setupWorker } = await import('msw/browser')
  const worker = setupWorker()
  await worker.start({
    quiet: true,
    onUnhandledRequest(request, print) {
      const url = new URL(request.url)
      if (url.origin === window.location.origin && !url.pathname.startsWith('/api/')) return
      print.error()
    },
  })
  return worker
}

const preview: Preview = {
  loaders: [mswLoader(startMockServiceWorker)],
  decorators: [withTheme],
  argTypesEnhancers: [readableArgTypes],
  beforeEach: removeLiveAnnouncers,
  initialGlobals: {
    theme: testTheme ?? 'dark',
    viewport: { value: testViewport ?? 'desktop', isRotated: false },
  },
  globalTypes: {
    theme: {
      description: 'Colour theme',
      toolbar: {
        title: 'Theme',
        icon: 'contrast',
        items: [
          { value: 'dark', title: 'Dark' },
          { value: 'light', title: 'Light' },
        ],
        dynamicTitle: true,
      },
    },
  },
  parameters: {
    layout: 'fullscreen',
    a11y: { test: 'error' },
    // The canvas shows the theme background, so the addon's backgrounds never paint over it.
    backgrounds: { disable: true },
    viewport: {
      options: {
        mobile: { name: 'Mobile 375', styles: { width: '375px', height: '812px' }, type: 'mobile' },
        desktop: { name: 'Desktop 1280', styles: { width: '1280px', height: '800px' }, type: 'desktop' },
      },
    },
    controls: { matchers: { color: /(background|color)$/i, date: /Date$/i } },
    // Autodocs pages (the UI components') show the component's JSDoc, its usage guidance (`parameters.usage`),
    // its props with their descriptions and defaults, and its stories; all docs follow the theme toolbar.
    docs: { container: ThemedDocsContainer, page: ComponentDocsPage, toc: false },
    // The sidebar in the order a designer reads it: the system first, then the product built with it. Titles
    // (and so story ids) stay as they were; only their order changes.
    options: {
      storySort: {
        order: [
          'Introduction',
          'Foundations',
          ['Colour', 'Typography', 'Space, radius and breakpoints', 'Elevation and motion'],
          'UI',
          'Screens',
          'Flows',
          'Admin',
          'Widget',
        ],
      },
    },
  },
}

export default preview
