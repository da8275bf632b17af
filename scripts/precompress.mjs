// Writes a Brotli (`.br`, quality 11) and a gzip (`.gz`, level 9) copy beside each built text file, so the
// server sends them as they are instead of compressing the whole build each time it starts (server/src/http/
// stored-body.ts reads them). Used by the panel's and the widget's build scripts.
import { readFileSync, writeFileSync } from 'node:fs'
import { brotliCompressSync, constants, gzipSync } from 'node:zlib'

/** The files worth compressing: text. Images and fonts are compressed already. */
const compressible = /\.(js|css|html|json|svg|txt|d\.ts)$/

/** Writes `<file>.br` and `<file>.gz` for each compressible file of `files` (absolute paths). */
export function precompress(files) {
  for (const file of files.filter((name) => compressible.test(name))) {
    const raw = readFileSync(file)
    writeFileSync(`${file}.br`, brotliCompressSync(raw, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }))
    writeFileSync(`${file}.gz`, gzipSync(raw, { level: 9 }))
  }
}
