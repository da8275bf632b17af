import type { Plugin } from 'vite'

/** The magic comment that asks Chrome to compile a whole file as it streams in (see the .mjs). */
export const COMPILE_HINT: string

/** Starts every JavaScript chunk of a browser build with COMPILE_HINT. */
export function compileHints(): Plugin
