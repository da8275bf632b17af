import { spawnSync } from 'node:child_process'
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs'
import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import path from 'node:path'
import type { TestProject } from 'vitest/node'

declare module 'vitest' {
  export interface ProvidedContext {
    /** Where the built Storybook is served, e.g. http://127.0.0.1:41234. */
    storybookUrl: string
  }
}

// The static Storybook (`pnpm build-storybook`, what designers and Chromatic see): built again when it is
// missing or older than its sources, then served over HTTP as any static host would (the mock service worker
// needs an http origin).

const root = path.resolve(import.meta.dirname, '../..')
const staticDir = path.join(root, 'storybook-static')
const sources = [
  'stories',
  '.storybook',
  ...['contract', 'client', 'mocks', 'ui', 'screens', 'widget'].map((name) => `packages/${name}/src`),
]

function newestChange(target: string): number {
  // This folder's own files are not in the build.
  if (!existsSync(target) || target === import.meta.dirname) return 0
  const stats = statSync(target)
  if (!stats.isDirectory()) return stats.mtimeMs
  return readdirSync(target).reduce(
    (newest, entry) => Math.max(newest, newestChange(path.join(target, entry))),
    stats.mtimeMs,
  )
}

function ensureStorybookBuilt(): void {
  const marker = path.join(staticDir, 'index.json')
  const builtAt = existsSync(marker) ? statSync(marker).mtimeMs : 0
  if (builtAt >= Math.max(...sources.map((source) => newestChange(path.join(root, source))))) return
  console.log('[storybook-static] building the static Storybook...')
  const build = spawnSync('pnpm', ['run', 'build-storybook'], { cwd: root, stdio: 'inherit' })
  if (build.status !== 0) throw new Error(`build-storybook failed (exit code ${build.status})`)
}

const contentTypes: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json',
  '.svg': 'image/svg+xml',
  '.woff2': 'font/woff2',
  '.png': 'image/png',
}

export default async function setup(project: TestProject) {
  ensureStorybookBuilt()
  const server = createServer((request, response) => {
    const pathname = decodeURIComponent(new URL(request.url ?? '/', 'http://storybook').pathname)
    const file = path.join(staticDir, pathname === '/' ? 'index.html' : pathname)
    if (!file.startsWith(staticDir + path.sep) || !existsSync(file) || statSync(file).isDirectory()) {
      response.writeHead(404).end('Not found')
      return
    }
    const type = contentTypes[path.extname(file)] ?? 'application/octet-stream'
    response.writeHead(200, { 'Content-Type': type }).end(readFileSync(file))
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  project.provide('storybookUrl', `http://127.0.0.1:${(server.address() as AddressInfo).port}`)
  return () => new Promise<void>((resolve) => server.close(() => resolve()))
}
