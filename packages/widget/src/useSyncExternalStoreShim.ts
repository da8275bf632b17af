// React 18 and later have useSyncExternalStore: the published package, whose React is the app's (an external
// ES module import), gives React Aria's `use-sync-external-store/shim` React's own, instead of bundling the
// shim's CommonJS, which would call require('react') in the browser.
export { useSyncExternalStore } from 'react'
