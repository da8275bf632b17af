import { randomBytes } from 'node:crypto'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { ConfigError, loadConfig } from '../src/config'

let dataDir: string
beforeEach(() => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'engage-config-'))
})
afterEach(() => fs.rmSync(dataDir, { recursive: true, force: true }))

describe('configuration', () => {
  it('runs the embedded default with no variables but a data directory', () => {
    const config = loadConfig({ DATA_DIR: dataDir })
    expect(config).toMatchObject({
      port: 8787,
      host: '127.0.0.1',
      publicUrl: 'http://127.0.0.1:8787',
      dataDir,
      databaseUrl: undefined,
      demo: true,
      production: false,
      smtpUrl: undefined,
      sessionIdleMs: 14 * 24 * 60 * 60 * 1000,
      sessionAbsoluteMs: 60 * 24 * 60 * 60 * 1000,
      trustProxy: false,
      widgetOrigins: [],
    })
    expect(config.dataKey).toHaveLength(32)
    expect(config.dataKeySource).toBe('generated')
  })

  it('generates the development DATA_KEY once, readable only by its owner, and reuses it', () => {
    const first = loadConfig({ DATA_DIR: dataDir })
    const file = path.join(dataDir, 'data.key')
    expect(fs.statSync(file).mode & 0o777).toBe(0o600)
    const second = loadConfig({ DATA_DIR: dataDir })
    expect(second.dataKeySource).toBe('file')
    expect(second.dataKey.equals(first.dataKey)).toBe(true)
  })

  it('takes DATA_KEY from the environment and writes no file', () => {
    const key = randomBytes(32)
    const config = loadConfig({ DATA_DIR: dataDir, DATA_KEY: key.toString('base64') })
    expect(config.dataKey.equals(key)).toBe(true)
    expect(config.dataKeySource).toBe('environment')
    expect(fs.existsSync(path.join(dataDir, 'data.key'))).toBe(false)
  })

  it('reads every variable it knows', () => {
    const config = loadConfig({
      DATA_DIR: dataDir,
      DATA_KEY: randomBytes(32).toString('base64'),
      PORT: '9000',
      HOST: '0.0.0.0',
      PUBLIC_URL: 'https://panel.example.com/',
      DATABASE_URL: 'postgres://user@db.example.com/engage',
      DEMO: '0',
      SMTP_URL: 'smtps://user:pass@mail.example.com:465',
      MAIL_FROM: 'Panel <panel@example.com>',
      SESSION_IDLE_DAYS: '7',
      SESSION_ABSOLUTE_DAYS: '30',
      TRUST_PROXY: 'true',
      WIDGET_ORIGINS: 'https://a.example, https://b.example',
      SIMULATOR_STEP_MS: '250',
      GOOGLE_CLIENT_ID: 'client-id',
      EXAMPLE_AREA_SETTING: 'passed through',
    })
    expect(config).toMatchObject({
      port: 9000,
      host: '0.0.0.0',
      publicUrl: 'https://panel.example.com',
      databaseUrl: 'postgres://user@db.example.com/engage',
      demo: false,
      smtpUrl: 'smtps://user:pass@mail.example.com:465',
      mailFrom: 'Panel <panel@example.com>',
      sessionIdleMs: 7 * 24 * 60 * 60 * 1000,
      sessionAbsoluteMs: 30 * 24 * 60 * 60 * 1000,
      trustProxy: true,
      widgetOrigins: ['https://a.example', 'https://b.example'],
      simulatorStepMs: 250,
      google: {
        clientId: 'client-id',
        clientSecret: undefined,
        issuer: 'https://accounts.google.com',
        redirectUrl: 'https://panel.example.com/api/signin/google/callback',
      },
    })
    // Variables other areas parse themselves pass through untouched.
    expect(config.env.EXAMPLE_AREA_SETTING).toBe('passed through')
  })

  const production = {
    NODE_ENV: 'production',
    PUBLIC_URL: 'https://panel.example.com',
    DATA_KEY: randomBytes(32).toString('base64'),
  }

  it('starts in production with an https PUBLIC_URL and a DATA_KEY, without demo data or a key file', () => {
    const config = loadConfig({ DATA_DIR: dataDir, ...production })
    expect(config).toMatchObject({ production: true, demo: false, dataKeySource: 'environment' })
    expect(config.payments.sandbox.enabled).toBe(false)
    expect(fs.existsSync(path.join(dataDir, 'data.key'))).toBe(false)
  })

  it('refuses to start in production without the settings it needs, naming each', () => {
    let message = ''
    try {
      loadConfig({ DATA_DIR: dataDir, NODE_ENV: 'production', DEMO: '1', SANDBOX_PAYMENTS: 'on' })
    } catch (error) {
      expect(error).toBeInstanceOf(ConfigError)
      message = (error as Error).message
    }
    expect(message).toContain('Refusing to start in production')
    for (const name of [
      'PUBLIC_URL must be set',
      'DATA_KEY must be set',
      'DEMO must be off',
      'SANDBOX_PAYMENTS_SECRET',
    ])
      expect(message).toContain(name)
    // Nothing was written on the way to the refusal.
    expect(fs.existsSync(path.join(dataDir, 'data.key'))).toBe(false)
  })

  it.each([
    [{ PUBLIC_URL: 'http://panel.example.com' }, 'PUBLIC_URL must be an https:// URL'],
    [{ DATA_KEY: '' }, 'DATA_KEY must be set'],
    [{ DEMO: 'on' }, 'DEMO must be off'],
  ])('refuses production with %j', (variables, message) => {
    expect(() => loadConfig({ DATA_DIR: dataDir, ...production, ...variables })).toThrow(message)
  })

  it('lets production ask for the sandbox gateway with a shared secret', () => {
    const config = loadConfig({
      DATA_DIR: dataDir,
      ...production,
      SANDBOX_PAYMENTS: 'on',
      SANDBOX_PAYMENTS_SECRET: 'a-secret-of-enough-length',
    })
    expect(config.payments.sandbox.enabled).toBe(true)
  })

  it('treats an empty variable as unset', () => {
    expect(loadConfig({ DATA_DIR: dataDir, PORT: '', SMTP_URL: ' ', DATABASE_URL: '' })).toMatchObject({
      port: 8787,
      smtpUrl: undefined,
      databaseUrl: undefined,
    })
  })

  it.each([
    [{ PORT: 'eighty' }, 'PORT'],
    [{ PORT: '70000' }, 'PORT'],
    [{ DATA_KEY: 'too-short' }, 'DATA_KEY must be 32 bytes in base64'],
    [{ DATA_KEY: randomBytes(16).toString('base64') }, 'DATA_KEY must be 32 bytes in base64'],
    [{ DATABASE_URL: 'mysql://db/engage' }, 'DATABASE_URL must be a postgres:// URL'],
    [{ PUBLIC_URL: 'panel.example.com' }, 'PUBLIC_URL must be an http(s) URL'],
    [{ SMTP_URL: 'http://mail.example.com' }, 'SMTP_URL must be an smtp:// or smtps:// URL'],
    [{ DEMO: 'maybe' }, 'DEMO must be one of'],
    [{ SESSION_IDLE_DAYS: '0' }, 'SESSION_IDLE_DAYS'],
    [{ SESSION_IDLE_DAYS: '90' }, 'SESSION_IDLE_DAYS must not exceed SESSION_ABSOLUTE_DAYS'],
    [{ LOG_LEVEL: 'chatty' }, 'LOG_LEVEL must be debug, info, warn or error'],
    [{ METRICS_TOKEN: 'short' }, 'METRICS_TOKEN must be at least 16 characters'],
  ])('refuses %j at start-up with a message naming the variable', (variables, message) => {
    expect(() => loadConfig({ DATA_DIR: dataDir, ...variables })).toThrow(ConfigError)
    expect(() => loadConfig({ DATA_DIR: dataDir, ...variables })).toThrow(message)
  })

  it('refuses a corrupted key file rather than silently replacing it', () => {
    fs.writeFileSync(path.join(dataDir, 'data.key'), 'not a key\n')
    expect(() => loadConfig({ DATA_DIR: dataDir })).toThrow(/data\.key must be 32 bytes/)
  })
})
