// The whole customer registry: the first page's calls and the later pages'. The server's routes, the OpenAPI
// document, the mocks and the access tests are made from it. Imported as `@engage/contract/all-endpoints`, never
// through the package's index: a module the first page loads must not import pageEndpoints.ts, or the bundler
// would put the later pages' declarations in the first download (see endpoints.ts).

import { coreEndpoints } from './endpoints'
import { pageEndpoints } from './pageEndpoints'

/** Every customer call by name. */
export const endpoints = { ...coreEndpoints, ...pageEndpoints } as const

export type EndpointName = keyof typeof endpoints
