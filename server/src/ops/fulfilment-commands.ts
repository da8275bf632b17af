import { formatMicros, maskApiKey, usdToMicros } from '@engage/contract'
import { SmmRejectedError, SmmTransientError } from '../adapters/smm'
import { loadConfig } from '../config'
import type { Db } from '../db/connect'
import { resolveUnconfirmedPlacement } from '../domain/fulfilment'
import {
  findProviderByName,
  importProviderServices,
  listProviders,
  listProviderServices,
  mapService,
  ProviderError,
  providerClient,
  saveProvider,
} from '../domain/providers'
import { countJobs, listDeadJobs, requeueDeadJob } from '../jobs/claim'

// The operator's fulfilment commands, registered by cli.ts: upstream providers and their catalogues, service
// mappings, dead jobs, and orders paused because their placement could not be confirmed.

export const FULFILMENT_USAGE = `  cli provider:add NAME URL KEY             add an upstream SMM provider (API v2 URL; the key is stored encrypted),
                                            or change the URL and key of the provider with that name
  cli provider:list                         list the providers
  cli provider:import NAME                  fetch the provider's services with their rates (action=services)
                                            and keep them for mapping
  cli service:map SERVICE PROVIDER REMOTE_ID [--rate USD_PER_1000] [--min N] [--max N]
                                            place our service with that provider service from now on
  cli jobs:dead                             job counts, and the dead jobs with their last error
  cli jobs:retry JOB_ID                     put a dead job back in the queue
  cli order:placed ORDER_ID UPSTREAM_ID     an order under review exists upstream with that id: follow it
  cli order:not-placed ORDER_ID             an order under review does not exist upstream: a retry may send it`

/** A refusal the operator can fix; cli.ts prints `Error: <message>` and exits 1. */
export class FulfilmentCommandError extends Error {
  override name = 'FulfilmentCommandError'
}

type Command = (db: Db, args: string[]) => Promise<string>

function options(args: readonly string[], names: readonly string[]) {
  const values = new Map<string, string>()
  const rest: string[] = []
  for (let index = 0; index < args.length; index += 1) {
    const arg = args[index] ?? ''
    const name = names.find((candidate) => arg === candidate || arg.startsWith(`${candidate}=`))
    if (!name) {
      rest.push(arg)
      continue
    }
    const value = arg === name ? args[(index += 1)] : arg.slice(name.length + 1)
    if (value === undefined) throw new FulfilmentCommandError(`${name} needs a value`)
    values.set(name, value)
  }
  return { values, rest }
}

function positiveInteger(text: string | undefined, what: string): number {
  if (text === undefined || !/^[1-9]\d{0,14}$/.test(text.trim())) {
    throw new FulfilmentCommandError(`Invalid ${what}: ${JSON.stringify(text ?? '')}`)
  }
  return Number(text.trim())
}

/** Turns the domain's and the provider's refusals into messages for the operator. */
async function operatorErrors<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work()
  } catch (error) {
    if (error instanceof ProviderError) throw new FulfilmentCommandError(error.message)
    if (error instanceof SmmRejectedError)
      throw new FulfilmentCommandError(`The provider refused: ${error.message}`)
    if (error instanceof SmmTransientError) {
      throw new FulfilmentCommandError(`The provider could not be reached: ${error.message}`)
    }
    throw error
  }
}

function table(rows: readonly (readonly string[])[]): string {
  const widths = rows[0]?.map((_, column) => Math.max(...rows.map((row) => (row[column] ?? '').length))) ?? []
  return rows
    .map((row) =>
      row
        .map((cell, column) => cell.padEnd(widths[column] ?? 0))
        .join('  ')
        .trimEnd(),
    )
    .join('\n')
}

const addProvider: Command = async (db, args) => {
  if (args.length !== 3) throw new FulfilmentCommandError('provider:add takes NAME URL KEY')
  const [name = '', apiUrl = '', apiKey = ''] = args
  const config = loadConfig()
  const { provider, created } = await operatorErrors(() =>
    saveProvider(db, config.dataKey, { name, apiUrl, apiKey, now: Date.now() }),
  )
  return `${created ? 'Added' : 'Updated'} provider ${provider.name}: ${provider.api_url} (key ${maskApiKey(apiKey.trim())})\nNext: cli provider:import ${provider.name}`
}

const listProvidersCommand: Command = async (db) => {
  const providers = await listProviders(db)
  if (providers.length === 0) return 'No providers yet: add one with cli provider:add NAME URL KEY'
  const rows = [['ID', 'NAME', 'API URL', 'SERVICES', 'MAPPED']]
  for (const provider of providers) {
    const imported = await listProviderServices(db, provider.id)
    const mapped = await db
      .selectFrom('services')
      .select('name')
      .where('provider_id', '=', provider.id)
      .orderBy('name')
      .execute()
    rows.push([
      String(provider.id),
      provider.name,
      provider.api_url,
      String(imported.length),
      mapped.map((service) => service.name).join(', ') || '-',
    ])
  }
  return table(rows)
}

const importProvider: Command = async (db, args) => {
  if (args.length !== 1) throw new FulfilmentCommandError('provider:import takes NAME')
  const config = loadConfig()
  return operatorErrors(async () => {
    const provider = await findProviderByName(db, args[0] ?? '')
    const { services, skipped } = await importProviderServices(
      db,
      provider,
      providerClient(provider, config.dataKey),
      Date.now(),
    )
    const ours = await db
      .selectFrom('services')
      .select(['name', 'remote_service_id'])
      .where('provider_id', '=', provider.id)
      .execute()
    const rows = [['REMOTE ID', 'NAME', 'TYPE', 'CATEGORY', 'RATE / 1000', 'MIN', 'MAX', 'MAPPED FROM']]
    for (const service of services) {
      rows.push([
        service.remote_service_id,
        service.name,
        service.type,
        service.category,
        formatMicros(service.rate_per_1k, 6).replace(/0{1,4}$/, ''),
        String(service.min_quantity),
        String(service.max_quantity),
        ours
          .filter((our) => our.remote_service_id === service.remote_service_id)
          .map((our) => our.name)
          .join(', ') || '-',
      ])
    }
    const unreadable = skipped.map(
      (entry) =>
        `Skipped ${entry.service === null ? 'an entry' : `service ${entry.service}`}: ${entry.reason}`,
    )
    return [
      `${services.length} services imported from ${provider.name}:`,
      table(rows),
      ...unreadable,
      `Map one with: cli service:map SERVICE ${provider.name} REMOTE_ID`,
    ].join('\n')
  })
}

const mapServiceCommand: Command = async (db, args) => {
  const { values, rest } = options(args, ['--rate', '--min', '--max'])
  if (rest.length !== 3) {
    throw new FulfilmentCommandError(
      'service:map takes SERVICE PROVIDER REMOTE_ID [--rate USD] [--min N] [--max N]',
    )
  }
  const [serviceName = '', providerName = '', remoteServiceId = ''] = rest
  const rate = values.get('--rate')
  if (rate !== undefined && !/^\d+(\.\d{1,6})?$/.test(rate.trim())) {
    throw new FulfilmentCommandError(`Invalid rate: ${JSON.stringify(rate)} (USD per 1,000 units, e.g. 2.40)`)
  }
  const min = values.get('--min')
  const max = values.get('--max')
  const service = await operatorErrors(() =>
    mapService(db, {
      serviceName,
      providerName,
      remoteServiceId,
      ratePer1kMicros: rate === undefined ? undefined : usdToMicros(rate.trim()),
      minQuantity: min === undefined ? undefined : positiveInteger(min, 'minimum'),
      maxQuantity: max === undefined ? undefined : positiveInteger(max, 'maximum'),
      now: Date.now(),
    }),
  )
  return `${service.name} is placed with ${providerName} service ${service.remote_service_id}: ${formatMicros(service.rate_per_1k, 6).replace(/0{1,4}$/, '')} per 1,000, quantity ${service.min_quantity} - ${service.max_quantity}`
}

const deadJobs: Command = async (db) => {
  const counts = await countJobs(db)
  const lines = [
    `Jobs: ${counts.queued} queued, ${counts.running} running, ${counts.done} done, ${counts.dead} dead`,
  ]
  const dead = await listDeadJobs(db)
  if (dead.length > 0) {
    lines.push(
      table([
        ['ID', 'KIND', 'PAYLOAD', 'ATTEMPTS', 'DIED AT', 'LAST ERROR'],
        ...dead.map((job) => [
          String(job.id),
          job.kind,
          job.payload,
          String(job.attempts),
          new Date(job.updated_at).toISOString(),
          (job.last_error ?? '').replace(/\s+/g, ' ').slice(0, 120),
        ]),
      ]),
    )
    lines.push('Put one back in the queue with: cli jobs:retry JOB_ID')
  }
  return lines.join('\n')
}

const retryJob: Command = async (db, args) => {
  if (args.length !== 1) throw new FulfilmentCommandError('jobs:retry takes JOB_ID')
  const jobId = positiveInteger(args[0], 'job id')
  if (!(await requeueDeadJob(db, { jobId, now: Date.now() }))) {
    throw new FulfilmentCommandError(`Job ${jobId} is not dead (or does not exist)`)
  }
  return `Job ${jobId} is queued again`
}

function resolvePlacement(placed: boolean): Command {
  return async (db, args) => {
    if (args.length !== (placed ? 2 : 1)) {
      throw new FulfilmentCommandError(
        placed ? 'order:placed takes ORDER_ID UPSTREAM_ID' : 'order:not-placed takes ORDER_ID',
      )
    }
    const orderId = positiveInteger(args[0], 'order id')
    const upstreamOrderId = placed ? String(positiveInteger(args[1], 'upstream order id')) : null
    const order = await resolveUnconfirmedPlacement(db, { orderId, upstreamOrderId, now: Date.now() })
    if (!order) throw new FulfilmentCommandError(`Order ${orderId} is not paused under review`)
    return placed
      ? `Order ${orderId} is processing as upstream order ${upstreamOrderId}; the status sync follows it`
      : `Order ${orderId} stays paused; the customer's retry sends it to the provider`
  }
}

export const fulfilmentCommands: Record<string, Command> = {
  'provider:add': addProvider,
  'provider:list': listProvidersCommand,
  'provider:import': importProvider,
  'service:map': mapServiceCommand,
  'jobs:dead': deadJobs,
  'jobs:retry': retryJob,
  'order:placed': resolvePlacement(true),
  'order:not-placed': resolvePlacement(false),
}
