import * as z from 'zod'
import { REPORT_TABLES, REPORT_TOP_CUSTOMERS_DEFAULT, REPORT_TOP_CUSTOMERS_MAX } from '../../analytics'
import { REPORT_TABLE_INVALID, REPORT_TOP_RANGE } from '../../messages'
import { AnalyticsAnswerRange, AnalyticsRangeFields, checkAnalyticsRange, LocalDate } from '../analytics'

// ---- Reports ----------------------------------------------------------------------------------------------

/**
 * GET /api/admin/reports?from=&to=&granularity=&top=: the range on the operator's own clock (their profile's
 * timezone), as the customer's analytics; `top` is how many top customers to list.
 */
const ReportRangeFields = {
  ...AnalyticsRangeFields,
  top: z.coerce
    .number({ error: REPORT_TOP_RANGE })
    .int(REPORT_TOP_RANGE)
    .min(1, REPORT_TOP_RANGE)
    .max(REPORT_TOP_CUSTOMERS_MAX, REPORT_TOP_RANGE)
    .default(REPORT_TOP_CUSTOMERS_DEFAULT),
}
export const AdminReportsQuery = z.object(ReportRangeFields).superRefine(checkAnalyticsRange)
export type AdminReportsQuery = z.input<typeof AdminReportsQuery>

/** GET /api/admin/reports/export: the same range, and which table of the reports to write as CSV. */
export const AdminReportExportQuery = z
  .object({
    ...ReportRangeFields,
    table: z.enum(REPORT_TABLES, { error: REPORT_TABLE_INVALID }),
  })
  .superRefine(checkAnalyticsRange)
export type AdminReportExportQuery = z.input<typeof AdminReportExportQuery>

/**
 * The money of the orders placed in a period (or of a service, a provider): what they were charged, what has
 * been refunded of them so far, and what the providers charged for them (0 for an order never sent upstream).
 */
export const AdminReportFigures = z.object({
  orders: z.number().int().nonnegative(),
  /** Revenue: what the orders were charged. */
  charges: z.number(),
  /** What has been refunded of those orders, whenever it was. */
  refunded: z.number(),
  /** The providers' charge for those orders. */
  cost: z.number(),
  /** charges − refunded − cost. */
  profit: z.number(),
  /** profit ÷ (charges − refunded), as a fraction (0.25 = 25 %); null when charges − refunded is 0. */
  margin: z.number().nullable(),
})
export type AdminReportFigures = z.infer<typeof AdminReportFigures>

/** What happened in a period besides its orders' money: deposits and refunds made, and who placed orders. */
export const AdminReportActivity = z.object({
  /** Deposits credited in the period, all gateways. */
  deposits: z.number(),
  /** Refunds made in the period (`refund` ledger entries), whichever day their orders were placed. */
  refunds_paid: z.number(),
  /** Customers who placed at least one order in the period. */
  active_customers: z.number().int().nonnegative(),
})
export type AdminReportActivity = z.infer<typeof AdminReportActivity>

/** One day, week or month (first and last day, clipped to the range). */
export const AdminReportPeriod = AdminReportFigures.extend({
  ...AdminReportActivity.shape,
  start: LocalDate,
  end: LocalDate,
})
export type AdminReportPeriod = z.infer<typeof AdminReportPeriod>

export const AdminReportService = AdminReportFigures.extend({
  service_id: z.string(),
  service_type: z.string(),
})
export type AdminReportService = z.infer<typeof AdminReportService>

/** The orders placed with a provider; provider_id null: orders never sent upstream (provider_name ''). */
export const AdminReportProvider = AdminReportFigures.extend({
  provider_id: z.string().nullable(),
  provider_name: z.string(),
})
export type AdminReportProvider = z.infer<typeof AdminReportProvider>

/** Deposits credited through one gateway ('cryptomus', 'nowpayments', 'sandbox', ...). */
export const AdminReportGateway = z.object({
  gateway: z.string(),
  deposits: z.number().int().nonnegative(),
  amount: z.number(),
})
export type AdminReportGateway = z.infer<typeof AdminReportGateway>

/** A customer by what their orders placed in the range were charged, less what was refunded of them. */
export const AdminReportCustomer = z.object({
  user_id: z.string(),
  email: z.string(),
  orders: z.number().int().nonnegative(),
  charges: z.number(),
  refunded: z.number(),
  /** charges − refunded. */
  net_spend: z.number(),
})
export type AdminReportCustomer = z.infer<typeof AdminReportCustomer>

/** Calls to one provider's API in the range and how many failed (refused, unreachable, unreadable). */
export const AdminReportUpstream = z.object({
  provider_id: z.string(),
  provider_name: z.string(),
  calls: z.number().int().nonnegative(),
  errors: z.number().int().nonnegative(),
  /** errors ÷ calls as a fraction; null when no call was made. */
  error_rate: z.number().nullable(),
})
export type AdminReportUpstream = z.infer<typeof AdminReportUpstream>

/**
 * GET /api/admin/reports: the range's totals; every period, oldest first, zeros included; the services and
 * providers with orders in the range (most charged first); deposits by gateway (largest first); the top
 * customers (largest net spend first); and each provider's API error rate (calls made in the range).
 */
export const AdminReportsResponse = z.object({
  ...AnalyticsAnswerRange,
  totals: AdminReportFigures.extend(AdminReportActivity.shape),
  periods: z.array(AdminReportPeriod),
  services: z.array(AdminReportService),
  providers: z.array(AdminReportProvider),
  gateways: z.array(AdminReportGateway),
  top_customers: z.array(AdminReportCustomer),
  upstream: z.array(AdminReportUpstream),
})
export type AdminReportsResponse = z.infer<typeof AdminReportsResponse>
