export {
  AdminReports,
  REPORT_EXPORT_FAILED,
  REPORTS_LOAD_FAILED,
  REPORTS_TITLE,
  type AdminReportsProps,
} from './AdminReports'
