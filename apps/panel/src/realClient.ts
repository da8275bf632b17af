// The module the lazy client loads (lazyClient.ts): its own chunk with the client and the contract schemas.
export { createClient } from '@engage/client'
