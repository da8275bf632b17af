/** A port that was free a moment ago on 127.0.0.1 (see the .mjs). */
export function freePort(): Promise<number>
