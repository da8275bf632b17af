/** Writes `<file>.br` and `<file>.gz` beside each compressible file of `files` (absolute paths). */
export function precompress(files: readonly string[]): void
