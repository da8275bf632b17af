import { createRequire } from 'node:module'
import path from 'node:path'
import optimizeLocales from '@react-aria/optimize-locales-plugin'
import { vanillaExtractPlugin } from '@vanilla-extract/vite-plugin'
import react from '@vitejs/plugin-react'
import { defineConfig, type Plugin, type UserConfig } from 'vite'

// Two builds share this file; scripts/build.mjs runs them and names the files:
// - WIDGET_BUILD=bundle: src/bundle.ts (the design system and the OrderForm, on Preact) into one ES module. Its
//   stylesheet is not shipped as a file: the script puts the CSS text where __ENGAGE_WIDGET_CSS__ stands
//   (styles.ts adopts it in the shadow root) and names the result by its content hash.
// - WIDGET_BUILD=loader: src/loader.ts into one classic script (an IIFE, so `document.currentScript` tells it
//   where it was loaded from), told the bundle's hashed name through __ENGAGE_WIDGET_BUNDLE__.

/** Stands for the CSS text in the built bundle until scripts/build.mjs replaces it. */
export const CSS_PLACEHOLDER = '__ENGAGE_WIDGET_CSS_TEXT__'

// The workspace packages and zod run no code on import except their stylesheets; saying so lets the bundler
// drop what the widget does not use from their barrels (as the panel's build does).
const sideEffectFree =
  /\/(packages\/(contract|client|ui|screens)\/src|node_modules\/(\.pnpm\/[^/]+\/node_modules\/)?zod)\//
function hasSideEffects(id: string): boolean {
  if (/\.css(\.ts)?($|\?)|vanilla/.test(id)) return true
  return !sideEffectFree.test(id)
}

// The embed bundle renders with Preact's React layer in place of React and React DOM (about 60 KB less gzipped):
// every import of react, react-dom and the JSX runtimes in the bundle, ours and the libraries', goes to
// preact/compat. Only this build: the panel, Storybook and the OrderWidget component for React sites use React.
// Absolute paths: the libraries importing React (react-aria, react-hook-form...) cannot resolve preact themselves.
const preactDir = path.dirname(createRequire(import.meta.url).resolve('preact/package.json'))
const preactCompat = path.join(preactDir, 'compat/dist/compat.mjs')
const preactJsxRuntime = path.join(preactDir, 'jsx-runtime/dist/jsxRuntime.mjs')
const preactForReact = [
  { find: /^react$/, replacement: preactCompat },
  { find: /^react-dom$/, replacement: preactCompat },
  { find: /^react-dom\/client$/, replacement: path.join(preactDir, 'compat/client.mjs') },
  { find: /^react\/jsx-(dev-)?runtime$/, replacement: preactJsxRuntime },
]

/**
 * Two places where React Aria counts on React DOM's behaviour rather than the DOM's; this build gives Preact what
 * they expect, in the library's own modules, and fails loudly when a new React Aria changes them:
 * - A Select's collection is built by rendering its items into a stand-in document of React Aria's own
 *   (collections/Document). React DOM creates elements there with `createElement`; Preact creates every element
 *   with `createElementNS`, which the stand-in lacks (preactjs/preact#4539, left to the library): the stand-in
 *   gets that method, making the same node as `createElement` (its nodes have no namespace).
 * - Keyboard handlers receive a copy of the event made with `{ ...e }` (interactions/createEventHandler). A React
 *   event carries its fields (key, ctrlKey, target...) as own properties; a DOM event, which is what Preact
 *   passes, has them on its prototype, and the spread loses them (arrow keys and typing in a Select would do
 *   nothing): the copy takes every field, the event's methods bound to it.
 */
function reactAriaForPreact(): Plugin {
  const patches = [
    {
      module: /\/react-aria\/dist\/private\/collections\/Document\.mjs$/,
      find: /\n(\s+)createElement\(type\) \{/,
      replace: '\n$1createElementNS(namespace, type) {\n$1    return this.createElement(type);\n$1}$&',
    },
    {
      module: /\/react-aria\/dist\/private\/interactions\/createEventHandler\.mjs$/,
      find: /\.\.\.e,/,
      replace:
        '...((event) => { const fields = {}; for (const name in event) { const value = event[name]; ' +
        "fields[name] = typeof value === 'function' ? value.bind(event) : value; } return fields; })(e),",
    },
  ]
  return {
    name: 'engage-widget:react-aria-for-preact',
    transform(code, id) {
      const patch = patches.find(({ module }) => module.test(id))
      if (!patch) return null
      if (!patch.find.test(code)) throw new Error(`${id} no longer has ${patch.find}: check the Preact patch`)
      return code.replace(patch.find, patch.replace)
    },
  }
}

const outDir = process.env.WIDGET_OUT_DIR ?? 'dist/.build'

const loaderBuild: UserConfig = {
  define: { __ENGAGE_WIDGET_BUNDLE__: JSON.stringify(process.env.WIDGET_BUNDLE_FILE ?? '') },
  build: {
    outDir,
    emptyOutDir: false,
    copyPublicDir: false,
    sourcemap: false,
    lib: {
      entry: 'src/loader.ts',
      formats: ['iife'],
      name: 'EngageOrderWidgetLoader',
      fileName: () => 'loader.js',
    },
  },
}

const bundleBuild: UserConfig = {
  // React Aria's UI strings only in the widget's language (its Select says "Select an item", "Empty" and so on in
  // about 34 languages otherwise); the OrderForm's own texts are English, as in the panel.
  plugins: [
    react(),
    vanillaExtractPlugin(),
    optimizeLocales.vite({ locales: ['en-US'] }),
    reactAriaForPreact(),
  ],
  define: { __ENGAGE_WIDGET_CSS__: JSON.stringify(CSS_PLACEHOLDER) },
  resolve: { alias: preactForReact },
  build: {
    outDir,
    emptyOutDir: true,
    copyPublicDir: false,
    sourcemap: false,
    cssCodeSplit: false,
    target: 'es2022',
    // One file on purpose: a partner page makes one request for the widget (React is most of it anyway).
    chunkSizeWarningLimit: 1024,
    rolldownOptions: {
      input: 'src/bundle.ts',
      preserveEntrySignatures: 'strict',
      treeshake: { moduleSideEffects: hasSideEffects },
      output: { format: 'es', entryFileNames: 'widget.js', assetFileNames: '[name][extname]' },
    },
  },
}

export default defineConfig(process.env.WIDGET_BUILD === 'loader' ? loaderBuild : bundleBuild)
