export declare const serverEntry: string
export declare function ensureServerBuilt(options?: { log?: (message: string) => void }): void
