import type { Alias, Plugin } from 'vite'

/** Vite aliases sending react, react-dom and the JSX runtimes to preact/compat, resolved from `from`. */
export function preactAliases(from: string): Alias[]

/** Patches two React Aria modules that count on React DOM's behaviour (see the .mjs). */
export function reactAriaForPreact(): Plugin
