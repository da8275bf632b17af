import * as z from 'zod'

// zod compiles its object parsers with `new Function` when the page allows it, and finds out by trying, once,
// as each object schema is built: on a partner page whose policy forbids eval, the try itself is reported as a
// violation. The widget parses a few small objects, so zod's interpreted parsers are all it needs. This module
// must run before any schema is built, so the entry points import it first.
z.config({ jitless: true })
