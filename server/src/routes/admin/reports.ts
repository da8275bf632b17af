import { reportTableCsv } from '@engage/contract'
import type { Hono } from 'hono'
import { operatorReport } from '../../domain/analytics/reports'
import { registerRoute } from '../../http/register-route'
import type { AppEnv } from '../../http/env'

// The console's reports over a range of days on the operator's clock, and one of their tables as a CSV file.

export function registerReportsRoutes(app: Hono<AppEnv>): void {
  registerRoute(app, 'adminReports', async (c, { query }) => {
    return c.json(await operatorReport(c.get('deps').db, c.get('user').id, query))
  })

  registerRoute(app, 'adminExportReport', async (c, { query }) => {
    const { table, ...range } = query
    const report = await operatorReport(c.get('deps').db, c.get('user').id, range)
    // A report's tables are bounded (a period per day of at most a year, the top customers, the services and
    // providers), so the file is written whole and sent as one stream chunk.
    return c.body(reportTableCsv(report, table), 200, {
      'Content-Type': 'text/csv; charset=utf-8',
      'Content-Disposition': `attachment; filename="report-${table}-${range.from}-${range.to}.csv"`,
    })
  })
}
