import optimizeLocales from '@react-aria/optimize-locales-plugin'
import { vanillaExtractPlugin } from '@vanilla-extract/vite-plugin'
import react from '@vitejs/plugin-react'
import { fileURLToPath } from 'node:url'
import { defineConfig, type UserConfig } from 'vite'

// Two builds share this file; scripts/build.mjs runs them and names the files:
// - WIDGET_BUILD=bundle: src/bundle.ts (the design system and the OrderForm, with React) into one ES module. Its
//   stylesheet is not shipped as a file: the script puts the CSS text where __ENGAGE_WIDGET_CSS__ stands
//   (styles.ts adopts it in the shadow root) and names the result by its content hash.
// - WIDGET_BUILD=loader: src/loader.ts into one classic script (an IIFE, so `document.currentScript` tells it
//   where it was loaded from), told the bundle's hashed name through __ENGAGE_WIDGET_BUNDLE__.
// scripts/build-package.mjs runs a third, for the published package:
// - WIDGET_BUILD=package: src/index.ts (OrderWidget) into one ES module with everything but React and React DOM
//   inside (the workspace packages included, so the package depends on none of them), its CSS as in the bundle.

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
  plugins: [react(), vanillaExtractPlugin(), optimizeLocales.vite({ locales: ['en-US'] })],
  define: { __ENGAGE_WIDGET_CSS__: JSON.stringify(CSS_PLACEHOLDER) },
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

/** React and React DOM stay the React app's own: the package's peer dependencies. */
const reactModules = /^react(-dom)?($|\/)/

const packageBuild: UserConfig = {
  ...bundleBuild,
  resolve: {
    alias: [
      {
        find: /^use-sync-external-store\/shim(\/index\.js)?$/,
        replacement: fileURLToPath(new URL('src/useSyncExternalStoreShim.ts', import.meta.url)),
      },
    ],
  },
  build: {
    ...bundleBuild.build,
    rolldownOptions: {
      input: 'src/index.ts',
      external: (id) => reactModules.test(id),
      preserveEntrySignatures: 'strict',
      treeshake: { moduleSideEffects: hasSideEffects },
      output: { format: 'es', entryFileNames: 'index.js', assetFileNames: '[name][extname]' },
    },
  },
}

const builds: Record<string, UserConfig> = { loader: loaderBuild, package: packageBuild }
export default defineConfig(builds[process.env.WIDGET_BUILD ?? ''] ?? bundleBuild)
