// The operator reports' tables as the screens list them and the CSV export writes them: one header and one
// record per row, in the answer's order; reportTableCsv is the file the export answers (server and mocks).

import type { ReportTable } from './analytics'
import { csvRecord } from './catalogue'
import type { AdminReportFigures, AdminReportsResponse } from './schemas'

type Cell = string | number | null

const FIGURE_COLUMNS = [
  'Orders',
  'Charges (USD)',
  'Refunded (USD)',
  'Cost (USD)',
  'Profit (USD)',
  'Margin',
] as const

function figureCells(row: AdminReportFigures): Cell[] {
  return [row.orders, row.charges, row.refunded, row.cost, row.profit, row.margin]
}

/** The header and the records of one table of a report. */
export function reportTableRecords(
  report: AdminReportsResponse,
  table: ReportTable,
): { header: readonly string[]; records: Cell[][] } {
  switch (table) {
    case 'periods':
      return {
        header: [
          'Start',
          'End',
          ...FIGURE_COLUMNS,
          'Deposits (USD)',
          'Refunds paid (USD)',
          'Active customers',
        ],
        records: report.periods.map((row) => [
          row.start,
          row.end,
          ...figureCells(row),
          row.deposits,
          row.refunds_paid,
          row.active_customers,
        ]),
      }
    case 'services':
      return {
        header: ['Service ID', 'Service', ...FIGURE_COLUMNS],
        records: report.services.map((row) => [row.service_id, row.service_type, ...figureCells(row)]),
      }
    case 'providers':
      return {
        header: ['Provider ID', 'Provider', ...FIGURE_COLUMNS],
        records: report.providers.map((row) => [row.provider_id, row.provider_name, ...figureCells(row)]),
      }
    case 'gateways':
      return {
        header: ['Gateway', 'Deposits', 'Amount (USD)'],
        records: report.gateways.map((row) => [row.gateway, row.deposits, row.amount]),
      }
    case 'customers':
      return {
        header: ['User ID', 'Email', 'Orders', 'Charges (USD)', 'Refunded (USD)', 'Net spend (USD)'],
        records: report.top_customers.map((row) => [
          row.user_id,
          row.email,
          row.orders,
          row.charges,
          row.refunded,
          row.net_spend,
        ]),
      }
    case 'upstream':
      return {
        header: ['Provider ID', 'Provider', 'Calls', 'Errors', 'Error rate'],
        records: report.upstream.map((row) => [
          row.provider_id,
          row.provider_name,
          row.calls,
          row.errors,
          row.error_rate,
        ]),
      }
  }
}

/**
 * One table of a report as a CSV file: a byte order mark (spreadsheets then read UTF-8), the header and the
 * records, CRLF line ends, every text formula-guarded as in the order export (csvField).
 */
export function reportTableCsv(report: AdminReportsResponse, table: ReportTable): string {
  const { header, records } = reportTableRecords(report, table)
  return `\uFEFF${csvRecord(header)}${records.map(csvRecord).join('')}`
}
