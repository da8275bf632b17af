// Preact's React layer (preact/compat) in place of React and React DOM, for the browser builds that ship to
// people on slow phones: the order widget (packages/widget) and the panel's signed-in app (apps/panel). About
// 55 KB less gzipped than React DOM. Storybook, the tests of the screens, the prerendered public pages and the
// OrderWidget component for React sites keep React (ADR 060, ADR 080).
import { createRequire } from 'node:module'
import path from 'node:path'

/**
 * Vite aliases sending every import of react, react-dom and the JSX runtimes, ours and the libraries', to
 * preact/compat. Absolute paths: the libraries that import React (react-aria, react-hook-form...) cannot
 * resolve preact themselves. `from` is the importing config's `import.meta.url` (its package depends on preact).
 */
export function preactAliases(from) {
  const preactDir = path.dirname(createRequire(from).resolve('preact/package.json'))
  return [
    { find: /^react$/, replacement: path.join(preactDir, 'compat/dist/compat.mjs') },
    { find: /^react-dom$/, replacement: path.join(preactDir, 'compat/dist/compat.mjs') },
    { find: /^react-dom\/client$/, replacement: path.join(preactDir, 'compat/client.mjs') },
    {
      find: /^react\/jsx-(dev-)?runtime$/,
      replacement: path.join(preactDir, 'jsx-runtime/dist/jsxRuntime.mjs'),
    },
  ]
}

/**
 * Two places where React Aria counts on React DOM's behaviour rather than the DOM's; this plugin gives Preact
 * what they expect, in the library's own modules, and fails loudly when a new React Aria changes them:
 * - A collection (Menu, Table, Tabs...) is built by rendering its items into a stand-in document of
 *   React Aria's own (collections/Document). React DOM creates elements there with `createElement` and takes
 *   them out with `parent.removeChild`; Preact creates every element with `createElementNS`, which the stand-in
 *   lacks (preactjs/preact#4539, left to the library), and takes nodes out with `node.remove()`: the stand-in
 *   gets both methods, the first making the same node as `createElement` (its nodes have no namespace), the
 *   second calling its parent's `removeChild`.
 * - Keyboard handlers receive a copy of the event made with `{ ...e }` (interactions/createEventHandler). A React
 *   event carries its fields (key, ctrlKey, target...) as own properties; a DOM event, which is what Preact
 *   passes, has them on its prototype, and the spread loses them (arrow keys and typing in a Menu would do
 *   nothing): the copy takes every field, the event's methods bound to it.
 */
export function reactAriaForPreact() {
  const patches = [
    {
      module: /\/react-aria\/dist\/private\/collections\/Document\.mjs$/,
      find: /\n(\s+)createElement\(type\) \{/,
      replace: '\n$1createElementNS(namespace, type) {\n$1    return this.createElement(type);\n$1}$&',
    },
    {
      module: /\/react-aria\/dist\/private\/collections\/Document\.mjs$/,
      find: /\n(\s+)removeChild\(child\) \{/,
      replace: '\n$1remove() {\n$1    if (this.parentNode) this.parentNode.removeChild(this);\n$1}$&',
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
    name: 'engage:react-aria-for-preact',
    transform(code, id) {
      const own = patches.filter(({ module }) => module.test(id))
      if (own.length === 0) return null
      return own.reduce((patched, patch) => {
        if (!patch.find.test(patched))
          throw new Error(`${id} no longer has ${patch.find}: check the Preact patch`)
        return patched.replace(patch.find, patch.replace)
      }, code)
    },
  }
}
