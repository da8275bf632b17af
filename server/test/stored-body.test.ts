import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib'
import { afterAll, describe, expect, it } from 'vitest'
import { precompress } from '../../scripts/precompress.mjs'
import { encodedFor, isCompressedCopy, readStoredFile, storeBody } from '../src/http/stored-body'

// The files the server keeps in memory: the builds' compressed copies are read as they are, anything else is
// compressed once when stored, and each request gets the form it accepts.

const dir = mkdtempSync(path.join(os.tmpdir(), 'stored-body-'))
afterAll(() => rmSync(dir, { recursive: true, force: true }))

const JAVASCRIPT = 'text/javascript; charset=utf-8'
const source = Buffer.from(`export const greeting = ${JSON.stringify('hello '.repeat(200))}\n`)

describe('stored bodies', () => {
  it('reads the copies a build wrote beside a file instead of compressing it again', () => {
    const file = path.join(dir, 'app-abc.js')
    writeFileSync(file, source)
    // Copies that differ from what compressing the file would give: only reading them yields these.
    const marked = Buffer.from('compressed by the build')
    writeFileSync(`${file}.gz`, gzipSync(marked))
    writeFileSync(`${file}.br`, marked)
    const stored = readStoredFile(file, JAVASCRIPT)
    expect(stored.raw).toEqual(source)
    expect(gunzipSync(stored.gzip)).toEqual(marked)
    expect(stored.brotli).toEqual(marked)
  })

  it('keeps what the build script writes: both copies decompress to the file', () => {
    const file = path.join(dir, 'page.html')
    writeFileSync(file, source)
    precompress([file, path.join(dir, 'logo.png')])
    const stored = readStoredFile(file, 'text/html; charset=utf-8')
    expect(brotliDecompressSync(stored.brotli)).toEqual(source)
    expect(gunzipSync(stored.gzip)).toEqual(source)
    expect(stored.brotli.length).toBeLessThan(source.length / 10)
  })

  it('compresses a file without copies, and a body rendered at run time, when it is stored', () => {
    const file = path.join(dir, 'no-copies.js')
    writeFileSync(file, source)
    for (const stored of [readStoredFile(file, JAVASCRIPT), storeBody(source, JAVASCRIPT)]) {
      expect(brotliDecompressSync(stored.brotli)).toEqual(source)
      expect(gunzipSync(stored.gzip)).toEqual(source)
      expect(stored.etag).toMatch(/^"[A-Za-z0-9_-]{27}"$/)
    }
  })

  it('tells the copies from the files to serve', () => {
    expect(['app.js.br', 'app.js.gz', 'app.js', 'index.html'].map(isCompressedCopy)).toEqual([
      true,
      true,
      false,
      false,
    ])
  })

  it('sends Brotli when accepted, then gzip, then the file itself', () => {
    const stored = storeBody(source, JAVASCRIPT)
    expect(encodedFor('gzip, deflate, br, zstd', stored)).toEqual({ encoding: 'br', payload: stored.brotli })
    expect(encodedFor('gzip, deflate', stored)).toEqual({ encoding: 'gzip', payload: stored.gzip })
    expect(encodedFor(undefined, stored)).toEqual({ encoding: undefined, payload: stored.raw })
    expect(encodedFor('identity', stored)).toEqual({ encoding: undefined, payload: stored.raw })
  })
})
