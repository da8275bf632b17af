import { createHash } from 'node:crypto'
import { existsSync, readFileSync } from 'node:fs'
import { brotliCompressSync, constants as zlibConstants, gzipSync } from 'node:zlib'

// A file or page the server keeps in memory with its compressed forms, and the choice of form for a request.
// The builds write a Brotli and a gzip copy beside each file (scripts/precompress.mjs), read here as they are;
// a body without them (a page rendered with the current prices, a build made before the copies existed) is
// compressed once, when it is stored.

export interface StoredBody {
  raw: Buffer
  gzip: Buffer
  brotli: Buffer
  contentType: string
  etag: string
}

/** Keeps `raw` with its compressed forms; `compressed` are the build's copies, when it has them. */
export function storeBody(
  raw: Buffer,
  contentType: string,
  compressed: { gzip?: Buffer; brotli?: Buffer } = {},
): StoredBody {
  return {
    raw,
    gzip: compressed.gzip ?? gzipSync(raw, { level: 9 }),
    brotli:
      compressed.brotli ?? brotliCompressSync(raw, { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 11 } }),
    contentType,
    etag: `"${createHash('sha256').update(raw).digest('base64url').slice(0, 27)}"`,
  }
}

/** Reads a built file with the `.br` and `.gz` copies its build wrote beside it. */
export function readStoredFile(file: string, contentType: string): StoredBody {
  const copy = (suffix: string) => (existsSync(file + suffix) ? readFileSync(file + suffix) : undefined)
  return storeBody(readFileSync(file), contentType, { brotli: copy('.br'), gzip: copy('.gz') })
}

/** Whether a file name is one of the compressed copies, not a file to serve under its own name. */
export function isCompressedCopy(name: string): boolean {
  return name.endsWith('.br') || name.endsWith('.gz')
}

/** The form of `body` the request accepts (Brotli, then gzip, then none) and its Content-Encoding. */
export function encodedFor(
  acceptEncoding: string | undefined,
  body: StoredBody,
): { encoding: 'br' | 'gzip' | undefined; payload: Buffer } {
  const accepted = acceptEncoding ?? ''
  if (/\bbr\b/.test(accepted)) return { encoding: 'br', payload: body.brotli }
  if (/\bgzip\b/.test(accepted)) return { encoding: 'gzip', payload: body.gzip }
  return { encoding: undefined, payload: body.raw }
}
