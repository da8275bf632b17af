/** Builds the widget unless its build is newer than every source; throws when the build fails. */
export function ensureWidgetBuilt(options?: { log?: (message: string) => void }): void
