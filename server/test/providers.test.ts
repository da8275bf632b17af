import { execFile } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { promisify } from 'node:util'
import { serve, type ServerType } from '@hono/node-server'
import { Hono } from 'hono'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { decryptSecret } from '../src/crypto/secrets'
import {
  connectSimulatorProvider,
  importProviderServices,
  listProviderServices,
  mapService,
  ProviderError,
  providerClient,
  saveProvider,
} from '../src/domain/providers'
import { createSimulator, type Simulator } from '../src/simulator'
import { createTestApp, type TestApp } from './support/app'
import { testDatabaseKind } from './support/database'
import { addService } from './support/services'

// Providers and service mappings in the database, their catalogue read over HTTP from the simulator, and the
// operator's commands run for real as a child process.

const API_KEY = 'providers-test-key-9f3e'
let t: TestApp
let simulator: Simulator
let server: ServerType
let apiUrl: string

beforeAll(async () => {
  t = await createTestApp()
  simulator = createSimulator({ apiKey: API_KEY, stepMs: 1000 })
  const root = new Hono().route('/api/v2', simulator.app)
  const port = await new Promise<number>((resolve) => {
    server = serve({ fetch: root.fetch, port: 0, hostname: '127.0.0.1' }, (info) => resolve(info.port))
  })
  apiUrl = `http://127.0.0.1:${port}/api/v2`
})

afterAll(async () => {
  await new Promise((resolve) => server.close(resolve))
  simulator.close()
  await t.close()
})

describe('providers', () => {
  it('keeps the API key encrypted, and a second add with the same name replaces the URL and key', async () => {
    const { provider, created } = await saveProvider(t.db, t.config.dataKey, {
      name: 'Panel One',
      apiUrl: 'https://panel-one.example/api/v2',
      apiKey: 'first-secret-key',
      now: 1,
    })
    expect(created).toBe(true)
    expect(provider.api_key_encrypted).not.toContain('first-secret-key')
    expect(decryptSecret(t.config.dataKey, provider.api_key_encrypted)).toBe('first-secret-key')

    const again = await saveProvider(t.db, t.config.dataKey, {
      name: 'Panel One',
      apiUrl: 'https://panel-one.example/v2',
      apiKey: 'second-secret-key',
      now: 2,
    })
    expect(again).toMatchObject({
      created: false,
      provider: { id: provider.id, api_url: 'https://panel-one.example/v2' },
    })
    expect(decryptSecret(t.config.dataKey, again.provider.api_key_encrypted)).toBe('second-secret-key')
  })

  it.each(['not a url', 'ftp://panel.example/api/v2'])('refuses the API URL %j', async (apiUrl) => {
    await expect(
      saveProvider(t.db, t.config.dataKey, { name: 'Broken', apiUrl, apiKey: 'key', now: 1 }),
    ).rejects.toBeInstanceOf(ProviderError)
  })

  it("imports a provider's services with their rates, limits and flags over HTTP", async () => {
    const { provider } = await saveProvider(t.db, t.config.dataKey, {
      name: 'Sim',
      apiUrl,
      apiKey: API_KEY,
      now: 1,
    })
    const { services: imported, skipped } = await importProviderServices(
      t.db,
      provider,
      providerClient(provider, t.config.dataKey),
      5,
    )

    expect(imported.map((service) => service.remote_service_id)).toEqual(
      simulator.services.map((service) => String(service.service)),
    )
    expect(skipped).toEqual([])
    const stored = await listProviderServices(t.db, provider.id)
    expect(stored.find((service) => service.remote_service_id === '3')).toMatchObject({
      name: 'X Views [Fast]',
      type: 'Default',
      rate_per_1k: 20_000,
      min_quantity: 100,
      max_quantity: 1_000_000,
      refill: 0,
      cancel: 0,
      imported_at: 5,
    })
    expect(stored.find((service) => service.remote_service_id === '6')?.type).toBe('Custom Comments')
  })

  it("maps a service to a provider's service, keeping our limits inside the provider's", async () => {
    await addService(t.db, 'map_views', 120_000, { min: 1, max: 10_000 })
    const mapped = await mapService(t.db, {
      serviceName: 'map_views',
      providerName: 'Sim',
      remoteServiceId: '3',
      ratePer1kMicros: 150_000,
      now: 9,
    })
    expect(mapped).toMatchObject({
      remote_service_id: '3',
      rate_per_1k: 150_000,
      min_quantity: 100,
      max_quantity: 10_000,
    })

    await expect(
      mapService(t.db, {
        serviceName: 'map_views',
        providerName: 'Sim',
        remoteServiceId: '3',
        minQuantity: 50,
        now: 9,
      }),
    ).rejects.toThrow(/do not fit/)
    await expect(
      mapService(t.db, { serviceName: 'map_views', providerName: 'Sim', remoteServiceId: '99', now: 9 }),
    ).rejects.toThrow(/has no service "99"/)
    await expect(
      mapService(t.db, { serviceName: 'map_views', providerName: 'Nobody', remoteServiceId: '3', now: 9 }),
    ).rejects.toThrow(/No provider named/)
  })

  it('points the demo services at the simulator, leaving a service an operator mapped elsewhere alone', async () => {
    const { provider: elsewhere } = await saveProvider(t.db, t.config.dataKey, {
      name: 'Elsewhere',
      apiUrl,
      apiKey: API_KEY,
      now: 1,
    })
    await importProviderServices(t.db, elsewhere, providerClient(elsewhere, t.config.dataKey), 1)
    await addService(t.db, 'followers', 2_400_000)
    await addService(t.db, 'likes', 900_000)
    await mapService(t.db, { serviceName: 'likes', providerName: 'Elsewhere', remoteServiceId: '4', now: 1 })

    const { provider, mapped } = await connectSimulatorProvider(t.db, t.config.dataKey, {
      apiUrl,
      apiKey: API_KEY,
      now: 2,
    })

    expect(mapped).toEqual(['followers'])
    const services = await t.db
      .selectFrom('services')
      .select(['name', 'provider_id', 'remote_service_id', 'min_quantity'])
      .where('name', 'in', ['followers', 'likes'])
      .orderBy('name')
      .execute()
    expect(services).toEqual([
      { name: 'followers', provider_id: provider.id, remote_service_id: '1', min_quantity: 10 },
      { name: 'likes', provider_id: elsewhere.id, remote_service_id: '4', min_quantity: 10 },
    ])
  })
})

describe('the operator command line', () => {
  const run = promisify(execFile)
  const serverRoot = path.resolve(import.meta.dirname, '..')

  it('adds a provider, imports its services with their rates and maps a service to one', async () => {
    const cliApp = await createTestApp()
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'engage-providers-'))
    const environment: Record<string, string> = {
      DATA_DIR: dataDir,
      DATA_KEY: cliApp.config.dataKey.toString('base64'),
    }
    let db = cliApp.db
    if (testDatabaseKind === 'postgres') {
      const url = new URL(cliApp.database.url ?? '')
      url.searchParams.set('options', `-c search_path=${cliApp.database.schema ?? ''}`)
      environment.DATABASE_URL = url.toString()
    } else {
      // The command line opens DATA_DIR/engage.sqlite, as the server does.
      await cliApp.db.destroy()
      fs.renameSync(
        path.join(cliApp.database.dataDir ?? '', cliApp.database.sqliteFile ?? ''),
        path.join(dataDir, 'engage.sqlite'),
      )
      const { createDatabase } = await import('../src/db/connect')
      db = createDatabase({ dataDir })
    }
    const { DATABASE_URL: _inherited, ...inherited } = process.env
    const cli = async (...args: string[]) => {
      try {
        const { stdout } = await run(process.execPath, ['--import', 'tsx', 'src/cli.ts', ...args], {
          cwd: serverRoot,
          env: { ...inherited, ...environment },
        })
        return { code: 0, output: stdout }
      } catch (error) {
        const failure = error as { code: number; stdout: string; stderr: string }
        return { code: failure.code, output: failure.stdout + failure.stderr }
      }
    }
    try {
      await addService(db, 'retweets', 3_200_000)

      const added = await cli('provider:add', 'Upstream', apiUrl, API_KEY)
      expect(added).toMatchObject({ code: 0 })
      expect(added.output).toContain('Added provider Upstream')
      expect(added.output).not.toContain(API_KEY)

      const imported = await cli('provider:import', 'Upstream')
      expect(imported.code).toBe(0)
      expect(imported.output).toContain('8 services imported from Upstream')
      expect(imported.output).toMatch(
        /4\s+X Retweets \[HQ\]\s+Default\s+X \(Twitter\) Retweets\s+\$0\.90\s+10\s+10000/,
      )

      const mapped = await cli('service:map', 'retweets', 'Upstream', '4', '--rate', '3.5')
      expect(mapped).toMatchObject({ code: 0 })
      expect(mapped.output).toContain(
        'retweets is placed with Upstream service 4: $3.50 per 1,000, quantity 10 - 10000',
      )
      const service = await db
        .selectFrom('services')
        .selectAll()
        .where('name', '=', 'retweets')
        .executeTakeFirstOrThrow()
      expect(service).toMatchObject({ remote_service_id: '4', rate_per_1k: 3_500_000, min_quantity: 10 })

      const refused = await cli('service:map', 'retweets', 'Upstream', '404')
      expect(refused.code).toBe(1)
      expect(refused.output).toContain('Error: Upstream has no service "404"')
    } finally {
      // On PostgreSQL the test database is the app's (closing drops its schema); on SQLite it was reopened.
      if (testDatabaseKind === 'postgres') await cliApp.close()
      else await db.destroy()
      fs.rmSync(dataDir, { recursive: true, force: true })
    }
  }, 120_000)
})
