import { randomUUID } from 'node:crypto'
import { Email, formatMicros, usdToMicros } from '@engage/contract'
import { ConfigError, loadConfig } from './config'
import { createDatabase, type Db, migrate } from './db/connect'
import { hashPassword } from './crypto/passwords'
import { BackupError, backupSqlite, restoreSqlite } from './ops/backup'
import { createAccount, findUserByEmail } from './domain/accounts'
import { credit } from './domain/ledger'
import { FULFILMENT_USAGE, FulfilmentCommandError, fulfilmentCommands } from './ops/fulfilment-commands'
import { generatePassword } from './seed'

// The operator's command line, run against the same configuration as the server (DATA_DIR / DATABASE_URL):
//   pnpm --filter ./server run cli user:credit EMAIL USD --reason TEXT
//   pnpm --filter ./server run cli admin:create EMAIL

const USAGE = `Usage:
  cli user:credit EMAIL USD --reason TEXT   credit a customer's wallet (a ledger entry), e.g. for a bank transfer
  cli admin:create EMAIL                    create an operator account, or make an existing user one
  cli db:backup FILE                        copy the SQLite database to FILE while the server runs
  cli db:restore FILE                       replace the SQLite database with the backup FILE (server stopped)
${FULFILMENT_USAGE}`

/** A refusal the operator can fix: printed as it is, exit code 1. */
class CommandError extends Error {}

function parseEmail(text: string | undefined): string {
  const parsed = Email.safeParse(text ?? '')
  if (!parsed.success) throw new CommandError(`Invalid email: ${JSON.stringify(text ?? '')}`)
  return parsed.data
}

/** A positive USD amount with at most two decimals, as micro-USD. */
function parseCreditAmount(text: string | undefined): number {
  if (text === undefined || !/^\d+(\.\d{1,2})?$/.test(text.trim())) {
    throw new CommandError(
      `Invalid amount: ${JSON.stringify(text ?? '')} (a positive number of USD with at most 2 decimals, e.g. 25.50)`,
    )
  }
  const micros = usdToMicros(text.trim())
  if (micros <= 0) throw new CommandError(`Invalid amount: ${JSON.stringify(text)} (must be more than 0)`)
  return micros
}

function option(args: string[], name: string): { value: string | undefined; rest: string[] } {
  const rest: string[] = []
  let value: string | undefined
  for (let index = 0; index < args.length; index += 1) {
    const arg = args[index] ?? ''
    if (arg === name) {
      value = args[index + 1]
      index += 1
    } else if (arg.startsWith(`${name}=`)) {
      value = arg.slice(name.length + 1)
    } else {
      rest.push(arg)
    }
  }
  return { value, rest }
}

async function creditUser(db: Db, args: string[]): Promise<string> {
  const { value: reason, rest } = option(args, '--reason')
  if (rest.length !== 2) throw new CommandError(`user:credit takes EMAIL and USD\n${USAGE}`)
  const email = parseEmail(rest[0])
  const amount = parseCreditAmount(rest[1])
  if (reason === undefined || reason.trim() === '') throw new CommandError('--reason TEXT is required')
  const user = await findUserByEmail(db, email)
  if (!user) throw new CommandError(`No user with email ${email}`)
  const entryId = randomUUID()
  const balance = await db.transaction().execute(async (trx) => {
    await credit(trx, {
      userId: Number(user.id),
      amount,
      kind: 'adjustment',
      reference: `operator-credit:${entryId}`,
      // One key per invocation: running the command twice credits twice, as the operator asked twice.
      idempotencyKey: `operator-credit:${entryId}`,
      note: reason.trim(),
      now: Date.now(),
    })
    const row = await trx
      .selectFrom('users')
      .select('balance')
      .where('id', '=', user.id)
      .executeTakeFirstOrThrow()
    return Number(row.balance)
  })
  return `Credited ${formatMicros(amount)} to ${email} (${reason.trim()}). New balance: ${formatMicros(balance)}`
}

async function createAdmin(db: Db, args: string[]): Promise<string> {
  if (args.length !== 1) throw new CommandError(`admin:create takes EMAIL\n${USAGE}`)
  const email = parseEmail(args[0])
  const existing = await findUserByEmail(db, email)
  if (existing) {
    if (existing.role === 'admin') return `${email} is already an operator (admin)`
    await db.updateTable('users').set({ role: 'admin' }).where('id', '=', existing.id).execute()
    return `${email} is now an operator (admin); their password is unchanged`
  }
  const password = generatePassword()
  await createAccount(db, {
    email,
    passwordHash: await hashPassword(password),
    now: Date.now(),
    role: 'admin',
  })
  return `Created operator (admin) ${email} with password: ${password}\nThe password is shown only this once.`
}

/** db:backup and db:restore work on the database file itself, not through an open connection of ours. */
async function databaseFileCommand(command: 'db:backup' | 'db:restore', args: string[]): Promise<number> {
  try {
    if (args.length !== 1 || !args[0]) throw new CommandError(`${command} takes FILE\n${USAGE}`)
    const file = args[0]
    const config = loadConfig()
    if (config.databaseUrl) {
      throw new CommandError(
        `${command} is for the SQLite database; with DATABASE_URL use PostgreSQL's pg_dump and pg_restore`,
      )
    }
    if (command === 'db:backup') {
      const bytes = await backupSqlite(config.dataDir, file)
      console.log(`Backed up the database to ${file} (${bytes} bytes)`)
    } else {
      await restoreSqlite(config.dataDir, file)
      console.log(`Restored the database in ${config.dataDir} from ${file}`)
    }
    return 0
  } catch (error) {
    if (error instanceof CommandError || error instanceof ConfigError || error instanceof BackupError) {
      console.error(`Error: ${error.message}`)
      return 1
    }
    throw error
  }
}

export async function runCli(argv: string[]): Promise<number> {
  const [command, ...args] = argv
  if (command === undefined || command === 'help' || command === '--help') {
    console.log(USAGE)
    return command === undefined ? 1 : 0
  }
  const commands: Record<string, (db: Db, args: string[]) => Promise<string>> = {
    'user:credit': creditUser,
    'admin:create': createAdmin,
    ...fulfilmentCommands,
  }
  if (command === 'db:backup' || command === 'db:restore') return databaseFileCommand(command, args)
  const run = commands[command]
  if (!run) {
    console.error(`Unknown command: ${command}\n${USAGE}`)
    return 1
  }
  let db: Db | undefined
  try {
    const config = loadConfig()
    db = createDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir })
    await migrate(db)
    console.log(await run(db, args))
    return 0
  } catch (error) {
    if (
      error instanceof CommandError ||
      error instanceof ConfigError ||
      error instanceof FulfilmentCommandError
    ) {
      console.error(`Error: ${error.message}`)
      return 1
    }
    throw error
  } finally {
    await db?.destroy()
  }
}

runCli(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error('Error:', error instanceof Error ? error.message : error)
    process.exit(1)
  },
)
