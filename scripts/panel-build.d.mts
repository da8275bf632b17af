/** Builds the panel unless its build is newer than every source; throws when the build fails. */
export function ensurePanelBuilt(options?: { log?: (message: string) => void }): void
